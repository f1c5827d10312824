/* Lairside service worker: rules and setup pages keep working without a signal.
   Pages: network first (fresh when online), the saved copy when offline.
   Static files carry a content hash in their URL, so the saved copy is always right. */
"use strict";
var CACHE = "lairside-__VERSION__";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return fetch("/offline.json").then(function (r) { return r.json(); }).then(function (urls) {
      // One by one in small batches: a phone on table wifi, a small server.
      var queue = urls.slice();
      function next() {
        var batch = queue.splice(0, 6);
        if (!batch.length) return Promise.resolve();
        return Promise.all(batch.map(function (url) {
          return cache.add(url).catch(function () { /* skip what fails; it is saved on visit */ });
        })).then(next);
      }
      return next();
    });
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("lairside-") === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;  // calculators post to the server; the page says so offline
  var url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
        return response;
      });
    }));
    return;
  }
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    return caches.match(request, { ignoreVary: true }).then(function (hit) {
      if (hit) return hit;
      if (request.mode === "navigate") {
        var path = new URL(request.url).pathname;
        return caches.match(path).then(function (page) { return page || caches.match("/offline"); });
      }
      return Response.error();
    });
  }));
});
