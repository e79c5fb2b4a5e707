// jsdom has no canvas drawing, no Path2D and no matchMedia. The Health and history tab's charts
// (uPlot) need all three to build, so the tests that show them give jsdom stand-ins that accept
// every drawing call and draw nothing: what these tests check is the chart each section builds and
// the numbers in its table; the pixels are the end-to-end test's, in Chromium. Imported for its
// effect, before the chart's module: uPlot reads matchMedia as it loads.
{
  globalThis.Path2D ??= class {
    addPath() {}
    arc() {}
    bezierCurveTo() {}
    closePath() {}
    lineTo() {}
    moveTo() {}
    quadraticCurveTo() {}
    rect() {}
  } as unknown as typeof Path2D;
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  const measured = { width: 10, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2 };
  HTMLCanvasElement.prototype.getContext = function getContext() {
    const kept: Record<string | symbol, unknown> = {};
    return new Proxy(kept, {
      get: (target, key) =>
        key in target ? target[key] : key === 'measureText' ? () => measured : () => undefined,
      set: (target, key, value) => {
        target[key] = value;
        return true;
      },
    });
  } as unknown as typeof HTMLCanvasElement.prototype.getContext;
}
