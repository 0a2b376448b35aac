import { z } from "zod";

/** Body of `POST /api/auth/register` and `POST /api/auth/login`. */
export const CredentialsSchema = z.object({
  username: z
    .string()
    .min(3)
    .max(32)
    .regex(/^[a-zA-Z0-9_.-]+$/, "letters, digits, '_', '.' and '-' only"),
  password: z.string().min(8).max(200),
});
export type Credentials = z.infer<typeof CredentialsSchema>;

/** A user as the API shows it: never the password hash. */
export const PublicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;
