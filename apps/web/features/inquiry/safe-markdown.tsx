import Markdown from "react-markdown";
import type { Components } from "react-markdown";

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** Keeps only absolute http(s) and mailto URLs; everything else becomes an empty link. */
export function safeUrl(url: string): string {
  try {
    return SAFE_PROTOCOLS.has(new URL(url).protocol) ? url : "";
  } catch {
    return "";
  }
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};

/**
 * Markdown from an untrusted sender (the agent, the model): raw HTML is dropped, images
 * are not loaded, and links keep only http(s) and mailto targets.
 */
export function SafeMarkdown({ children }: { children: string }) {
  return (
    <Markdown
      skipHtml
      disallowedElements={["img"]}
      unwrapDisallowed
      urlTransform={safeUrl}
      components={components}
    >
      {children}
    </Markdown>
  );
}
