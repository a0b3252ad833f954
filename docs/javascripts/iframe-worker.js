// The site's search runs in a Web Worker, which a page opened from disk (file://) cannot start.
// There this runs the worker's script in a hidden iframe instead, with the same messages both
// ways, so search works without a server. mkdocs.yml lists it under extra.polyfills, which
// also stops the offline plugin from linking a shim from the web (the site fetches nothing).
(function () {
  "use strict";
  if (location.protocol !== "file:") return;

  class FrameWorker extends EventTarget {
    constructor(url) {
      super();
      this.pending = [];  // messages sent before the worker's script has run
      const frame = document.createElement("iframe");
      frame.hidden = true;
      frame.title = "search";
      document.documentElement.append(frame);
      this.frame = frame.contentWindow;  // about:blank: the page's own origin, reachable
      this.frame.postMessage = (data) => this.dispatchEvent(new MessageEvent("message", {data}));
      this.frame.importScripts = () => { throw new Error("importScripts: not from disk"); };
      const script = this.frame.document.createElement("script");
      script.src = url;
      script.onload = () => { this.started = true; this.pending.splice(0).forEach((data) => this.postMessage(data)); };
      script.onerror = () => this.dispatchEvent(new Event("error"));
      this.frame.document.head.append(script);
    }

    postMessage(data) {
      if (!this.started) { this.pending.push(data); return; }
      this.frame.dispatchEvent(new this.frame.MessageEvent("message", {data}));
    }

    terminate() {
      this.frame.frameElement.remove();
    }
  }

  window.Worker = FrameWorker;
})();
