const SIZE = 64;

/**
 * Every `<link rel="icon">` the page has (Next.js links favicon.ico and icon.svg, and the
 * browser picks among them), or a new one in <head> when it has none.
 */
function iconLinks(): HTMLLinkElement[] {
  const existing = [...document.querySelectorAll<HTMLLinkElement>("link[rel~='icon']")];
  if (existing.length > 0) return existing;
  const link = document.createElement("link");
  link.rel = "icon";
  document.head.append(link);
  return [link];
}

/** A design token's colour (app/globals.css), read where the canvas cannot use CSS. */
function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

function loadImage(href: string): Promise<HTMLImageElement | undefined> {
  if (href === "") return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const image = new Image(SIZE, SIZE);
    image.onload = () => resolve(image);
    image.onerror = () => resolve(undefined);
    image.src = href;
  });
}

/** The app icon (or a plain disc when it cannot be read) with the count in a red dot. */
function drawBadge(icon: HTMLImageElement | undefined, count: number): string | undefined {
  const canvas = document.createElement("canvas");
  canvas.width = SIZE;
  canvas.height = SIZE;
  const context = canvas.getContext("2d");
  if (context === null) return undefined;
  if (icon === undefined) {
    context.fillStyle = token("--primary");
    context.beginPath();
    context.arc(SIZE / 2, SIZE / 2, SIZE / 2, 0, Math.PI * 2);
    context.fill();
  } else context.drawImage(icon, 0, 0, SIZE, SIZE);
  const radius = SIZE * 0.3;
  const centre = SIZE - radius;
  context.fillStyle = token("--destructive");
  context.beginPath();
  context.arc(centre, centre, radius, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = token("--destructive-foreground");
  context.font = `bold ${Math.round(radius * 1.3)}px system-ui, sans-serif`;
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillText(count > 9 ? "9+" : String(count), centre, centre + 1);
  return canvas.toDataURL("image/png");
}

/**
 * Draws the pending count onto the tab's icon, so a waiting question shows in a row of tabs;
 * returns how to put the original icons back. Every `<link rel="icon">` gets the badged
 * picture, whichever one the browser shows (one is added when there is none). A count of zero
 * leaves the icons as they are.
 */
export function badgeFavicon(count: number): () => void {
  if (count === 0) return () => undefined;
  const links = iconLinks();
  const originals = links.map((link) => ({
    link,
    href: link.getAttribute("href"),
    type: link.getAttribute("type"),
  }));
  let cancelled = false;
  void loadImage(links[0]?.href ?? "").then((icon) => {
    if (cancelled) return;
    const badged = drawBadge(icon, count);
    if (badged === undefined) return;
    for (const link of links) {
      link.type = "image/png";
      link.href = badged;
    }
  });
  return () => {
    cancelled = true;
    for (const { link, href, type } of originals) {
      if (href === null) link.remove();
      else link.setAttribute("href", href);
      if (type === null) link.removeAttribute("type");
      else link.setAttribute("type", type);
    }
  };
}
