/* Lairside service worker: rules, search, setup, timers and the forms of calculators and
   scoring keep working without a signal.
   Pages: network first (fresh when online), the saved copy when offline; an address with
   blank or reordered options finds its saved page too. Static files carry a content hash in
   their URL, so the saved copy is always right. When the first save is done, every open page
   is told how many pages are ready offline. */
"use strict";
var CACHE = "lairside-__VERSION__";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return fetch("/offline.json").then(function (r) { return r.json(); }).then(function (urls) {
      // One by one in small batches: a phone on table wifi, a small server.
      var queue = urls.slice(), saved = 0;
      function next() {
        var batch = queue.splice(0, 6);
        if (!batch.length) return Promise.resolve(saved);
        return Promise.all(batch.map(function (url) {
          return cache.add(url).then(function () { saved += 1; })
            .catch(function () { /* skip what fails; it is saved on visit */ });
        })).then(next);
      }
      return next();
    });
  }).then(function (saved) {
    self.savedCount = saved;
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("lairside-") === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }).then(function () {
    return caches.open(CACHE).then(function (cache) { return cache.keys(); }).then(function (keys) {
      return self.clients.matchAll({ includeUncontrolled: true }).then(function (clients) {
        clients.forEach(function (c) { c.postMessage({ type: "offline-ready", count: keys.length }); });
      });
    });
  }));
});

/* The saved address a request most likely means: blank options dropped, `game` dropped
   (the path names it), the rest in the order the pages write them. */
function canonical(url) {
  var order = ["mode", "players"];
  var params = [];
  url.searchParams.forEach(function (value, key) {
    if (value.trim() && key !== "game" && key !== "source") params.push([key, value]);
  });
  params.sort(function (a, b) {
    var i = order.indexOf(a[0]), j = order.indexOf(b[0]);
    return (i < 0 ? 99 : i) - (j < 0 ? 99 : j);
  });
  var query = params.map(function (p) { return encodeURIComponent(p[0]) + "=" + encodeURIComponent(p[1]); }).join("&");
  return url.pathname + (query ? "?" + query : "");
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;  // forms post to the server; the page says so offline
  var url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (url.pathname.indexOf("/api/v1/sessions/") === 0) return;  // live tables: always the server
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
  var table = url.pathname.indexOf("/sessions/") > 0;
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok && !table && response.status === 200) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    return caches.match(request, { ignoreVary: true }).then(function (hit) {
      return hit || caches.match(canonical(url), { ignoreVary: true });
    }).then(function (hit) {
      if (hit) return hit;
      if (request.mode === "navigate") {
        return caches.match(url.pathname).then(function (page) { return page || caches.match("/offline"); });
      }
      return Response.error();
    });
  }));
});
