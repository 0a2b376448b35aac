/** Tailwind CSS v4 runs as the one PostCSS plugin; it reads app/globals.css and scans the sources. */
export default {
  plugins: { "@tailwindcss/postcss": {} },
};
