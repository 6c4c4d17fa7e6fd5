// First paint of the page on a phone-class CPU: Chromium's CPU slowed fourfold (the DevTools
// "mid-tier mobile" setting), the page loaded from a fresh `tabula serve` on this machine,
// cold each time (a new browser context, nothing cached). Prints each load's first
// contentful paint and the median. A measurement to run by hand, not a test:
//   TABULA_BIN=../target/release/tabula node bench/first-paint.mjs [loads]
import { launchBrowser, startServer } from "../test/harness.mjs";

const loads = Number(process.argv[2] ?? 9);
const server = await startServer();
const browser = await launchBrowser();
const paints = [];
try {
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(`${server.url}/#/new`, { waitUntil: "load" });
    const paint = await page.evaluate(
      () =>
        new Promise((resolve) =>
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName("first-contentful-paint")[0];
            if (entry) resolve(entry.startTime);
          }).observe({ type: "paint", buffered: true }),
        ),
    );
    const bytes = await page.evaluate(() => performance.getEntriesByType("resource").reduce((n, r) => n + r.transferSize, 0));
    paints.push(paint);
    console.log(`load ${i + 1}: first contentful paint ${paint.toFixed(0)} ms, ${bytes} bytes transferred after the document`);
    await context.close();
  }
  paints.sort((a, b) => a - b);
  console.log(`median first contentful paint at 4× CPU slowdown: ${paints[Math.floor(paints.length / 2)].toFixed(0)} ms over ${loads} loads`);
} finally {
  await browser.close();
  await server.stop();
}
