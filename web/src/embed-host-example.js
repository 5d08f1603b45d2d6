// The host side of embedding a lab (docs/embedding.md): grow each lab iframe to its
// content's height, and show the lab's messages. Served as a file: the CSP allows no inline script.
(() => {
  const frames = [...document.querySelectorAll("iframe[data-transformer-lab]")];
  for (const frame of frames) {
    // Tell the lab which origin may send it messages (here: this page's).
    const src = new URL(frame.getAttribute("src"), location.href);
    src.searchParams.set("parent", location.origin);
    frame.src = src.href;
  }
  window.addEventListener("message", (event) => {
    const frame = frames.find((f) => f.contentWindow === event.source);
    const data = event.data;
    if (!frame || event.origin !== new URL(frame.src).origin || typeof data?.type !== "string") return;
    if (data.type === "transformer-lab:resize" && Number.isFinite(data.height)) frame.style.height = `${data.height}px`;
    const last = document.getElementById("last-message");
    if (last && data.type.startsWith("transformer-lab:")) last.textContent = JSON.stringify(data).slice(0, 300);
  });
  document.getElementById("set-params")?.addEventListener("click", () => {
    const frame = frames[0];
    frame.contentWindow.postMessage({ type: "transformer-lab:set-params", params: { v: ["4", "5"] } }, new URL(frame.src).origin);
  });
})();
