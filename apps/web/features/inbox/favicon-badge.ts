const SIZE = 64;

/** The `<link rel="icon">` the page has, or a new one in <head> when it has none. */
function iconLink(): HTMLLinkElement {
  const existing = document.querySelector<HTMLLinkElement>("link[rel~='icon']");
  if (existing !== null) return existing;
  const link = document.createElement("link");
  link.rel = "icon";
  document.head.append(link);
  return link;
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
    context.fillStyle = "#2454d6";
    context.beginPath();
    context.arc(SIZE / 2, SIZE / 2, SIZE / 2, 0, Math.PI * 2);
    context.fill();
  } else context.drawImage(icon, 0, 0, SIZE, SIZE);
  const radius = SIZE * 0.3;
  const centre = SIZE - radius;
  context.fillStyle = "#b42318";
  context.beginPath();
  context.arc(centre, centre, radius, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = "#ffffff";
  context.font = `bold ${Math.round(radius * 1.3)}px system-ui, sans-serif`;
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillText(count > 9 ? "9+" : String(count), centre, centre + 1);
  return canvas.toDataURL("image/png");
}

/**
 * Draws the pending count onto the tab's icon, so a waiting question shows in a row of tabs;
 * returns how to put the original icon back. The icon is whatever `<link rel="icon">` the
 * page has (one is added when none is). A count of zero leaves the icon as it is.
 */
export function badgeFavicon(count: number): () => void {
  if (count === 0) return () => undefined;
  const link = iconLink();
  const original = { href: link.getAttribute("href"), type: link.getAttribute("type") };
  let cancelled = false;
  void loadImage(link.href).then((icon) => {
    if (cancelled) return;
    const badged = drawBadge(icon, count);
    if (badged === undefined) return;
    link.type = "image/png";
    link.href = badged;
  });
  return () => {
    cancelled = true;
    if (original.href === null) link.remove();
    else link.setAttribute("href", original.href);
    if (original.type === null) link.removeAttribute("type");
    else link.setAttribute("type", original.type);
  };
}
