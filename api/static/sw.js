/* Lairside service worker: rules, search, setup, timers and the forms of calculators and
   scoring keep working without a signal, and a rule or setup looked up before costs no
   request at all. Saved ahead: what every game shares, and the game the phone chose; the
   other games only when the player says yes (app.js asks, with their size).
   Rules and setup pages (and the offline search index and manifest): cache first. The cache
   is named after a version the server computes from the content those pages are made of
   (rules, setup tables, templates, scripts), so a change there installs a new worker, which
   saves every page of the games it had again in the background and drops the old cache. A saved page
   older than a day is also fetched again in the background after it is shown.
   Other pages, a table's included: network first (fresh when online), the saved copy when
   offline; an address
   with blank or reordered options finds its saved page too. Static files carry a content
   hash in their URL, so the saved copy is always right. When the first save is done, every
   open page is told how many pages are ready offline. */
"use strict";
var CACHE = "lairside-__VERSION__";
var ROOT = "__ROOT__";  /* the mount path: "" at the root, "/lair" behind a proxy there */
var REFRESH_AFTER = 24 * 3600 * 1000;  /* a saved rule or setup page older than this is fetched again */
var READ_ONLY = /^\/g\/[^/]+\/(rules(\/[^/]+)?|setup|search\.json)$/;

/* Save `urls` in small batches (a phone on table wifi, a small server); answers the number
   saved and their bytes. */
function saveAll(cache, urls) {
  var queue = urls.slice(), saved = 0, bytes = 0;
  function next() {
    var batch = queue.splice(0, 6);
    if (!batch.length) return Promise.resolve({ count: saved, bytes: bytes });
    return Promise.all(batch.map(function (url) {
      /* no-cache: asked of the server (a 304 when the browser's copy is current), never a
         copy the browser kept from before the content changed */
      var request = new Request(url, { cache: "no-cache" });
      return fetch(request).then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.clone().blob().then(function (b) {
          bytes += b.size; saved += 1;
          return cache.put(request, response);
        });
      }).catch(function () { /* skip what fails; it is saved on visit */ });
    })).then(next);
  }
  return next();
}

/* One game's pages (rules, setup, search, timers, forms): the game this phone chose. */
function saveGame(game) {
  return caches.open(CACHE).then(function (cache) {
    return fetch(ROOT + "/offline.json?game=" + encodeURIComponent(game)).then(function (r) { return r.json(); })
      .then(function (urls) { return saveAll(cache, urls); });
  });
}

/* The games an older version of this worker had saved: saved again, so an update keeps them. */
function gamesSavedBefore() {
  return caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("lairside-") === 0 && k !== CACHE; }).map(function (k) {
      return caches.open(k).then(function (c) { return c.keys(); });
    }));
  }).then(function (lists) {
    var games = {};
    lists.forEach(function (requests) {
      requests.forEach(function (r) {
        var m = new URL(r.url).pathname.match(/^\/g\/([^/]+)\/search\.json$/);
        if (m) games[m[1]] = true;
      });
    });
    return Object.keys(games);
  });
}

/* Installing saves what every game shares; a game's own pages wait until the phone chooses
   the game (a message from app.js), and the others until the player says yes. */
self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return fetch(ROOT + "/offline.json").then(function (r) { return r.json(); }).then(function (urls) {
      return saveAll(cache, urls);
    });
  }).then(function () {
    return gamesSavedBefore().then(function (games) { return Promise.all(games.map(saveGame)); });
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "save-game" || !/^[a-z0-9-]+$/.test(data.game || "")) return;
  event.waitUntil(saveGame(data.game).then(function (done) {
    return self.clients.matchAll({ includeUncontrolled: true }).then(function (clients) {
      clients.forEach(function (c) {
        c.postMessage({ type: "game-saved", game: data.game, count: done.count, bytes: done.bytes });
      });
    });
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

/* Keep a copy of a good answer (not an error). */
function keep(request, response) {
  if (response.ok && response.status === 200 && response.type === "basic") {
    var copy = response.clone();
    return caches.open(CACHE).then(function (cache) { return cache.put(request, copy); });
  }
  return Promise.resolve();
}

/* The saved copy of a page: this address, else the same address written the pages' way. */
function saved(request, url) {
  return caches.match(request, { ignoreVary: true }).then(function (hit) {
    return hit || caches.match(canonical(url), { ignoreVary: true });
  });
}

function stale(response) {
  var date = Date.parse(response.headers.get("Date") || "");
  return !(date > Date.now() - REFRESH_AFTER);
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;  // forms post to the server; the page says so offline
  var url = new URL(request.url);
  if (url.origin !== location.origin || url.pathname.indexOf(ROOT + "/") !== 0) return;
  var path = url.pathname.slice(ROOT.length);  /* the site's own path, below its mount path */
  if (path.indexOf("/api/v1/sessions/") === 0) return;  // live tables: always the server
  if (path.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        keep(request, response);
        return response;
      });
    }));
    return;
  }
  if (READ_ONLY.test(path) || path === "/manifest.webmanifest") {
    event.respondWith(saved(request, url).then(function (hit) {
      if (hit) {
        if (stale(hit)) {  // shown at once; the fresh copy (asked of the server) is for next time
          event.waitUntil(fetch(request.url, { cache: "no-cache" }).then(function (response) { return keep(request, response); })
            .catch(function () { /* offline: the saved copy stays */ }));
        }
        return hit;
      }
      return fetch(request).then(function (response) {
        event.waitUntil(keep(request, response));
        return response;
      }).catch(function () { return fallback(request, url); });
    }));
    return;
  }
  /* A table's page is kept too (by its path alone): offline, it opens with the state its
     script kept on this phone, and the taps queued there. */
  var table = /^\/g\/[^/]+\/sessions\/[a-z0-9]+$/.test(url.pathname.slice(ROOT.length));
  var key = table ? url.pathname : request;
  event.respondWith(fetch(request).then(function (response) {
    event.waitUntil(keep(key, response));
    return response;
  }).catch(function () {
    return saved(key, url).then(function (hit) { return hit || fallback(request, url); });
  }));
});

/* Offline and not saved: the page without its options, else the offline page. */
function fallback(request, url) {
  if (request.mode !== "navigate") return Response.error();
  return caches.match(url.pathname).then(function (page) {
    return page || caches.match(ROOT + "/offline");
  }).then(function (page) { return page || Response.error(); });
}
