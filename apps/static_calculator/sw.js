// The static calculator's service worker: a second visit (and an offline one) starts from what the
// first one fetched. Every asset's address carries the build's version and Pyodide's files and the
// wheels never change under one name, so they are served from the cache first; the page itself is
// asked of the network first (a new build is seen at once) and served from the cache offline.
"use strict";
const PREFIX = "cc-static-calculator-";
const CACHE = PREFIX + "{{VERSION}}";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Any link (?hand=...) is the same page: kept once, under its path.
    const key = new Request(url.origin + url.pathname);
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      try {
        const response = await fetch(request);
        if (response.ok) await cache.put(key, response.clone());
        return response;
      } catch (error) {
        const kept = await cache.match(key);
        if (kept) return kept;
        throw error;
      }
    })());
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(request);
    if (kept) return kept;
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  })());
});
