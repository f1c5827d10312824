/* Lairside phone pages: small progressive enhancements. Every page works without this file. */
"use strict";
(function () {
  /* The site's mount path ("" at the root; "/lair" behind a proxy that serves it there). */
  var ROOT = document.documentElement.dataset.root || "";
  var store = {
    get: function (key, fallback) {
      try { var v = localStorage.getItem("lairside:" + key); return v === null ? fallback : JSON.parse(v); }
      catch (e) { return fallback; }
    },
    set: function (key, value) {
      try { localStorage.setItem("lairside:" + key, JSON.stringify(value)); } catch (e) { /* private mode */ }
    }
  };
  function $(sel, root) { return (root || document).querySelector(sel); }
  function $$(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }

  /* Theme: the phone's own setting (light or dark) until the user picks one here; the
     button cycles Auto → Light → Dark and the pick is remembered (theme.js applies it). */
  function theme() {
    var button = $("[data-theme-toggle]");
    if (!button) return;
    var order = ["auto", "light", "dark"];
    function current() { return document.documentElement.dataset.theme || "auto"; }
    function show() {
      var now = current();
      var next = order[(order.indexOf(now) + 1) % order.length];
      button.textContent = now === "auto" ? "Auto" : now === "light" ? "Light" : "Dark";
      button.setAttribute("aria-label", "Theme: " + (now === "auto" ? "as the phone" : now) +
        ". Switch to " + (next === "auto" ? "the phone's setting" : next + " theme"));
    }
    show();
    button.addEventListener("click", function () {
      var next = order[(order.indexOf(current()) + 1) % order.length];
      if (next === "auto") {
        delete document.documentElement.dataset.theme;
        try { localStorage.removeItem("lairside:theme"); } catch (e) { /* ignore */ }
      } else {
        document.documentElement.dataset.theme = next;
        try { localStorage.setItem("lairside:theme", next); } catch (e) { /* ignore */ }
      }
      show();
    });
  }

  /* Steppers: − and + beside a number input, within its min and max. */
  function steppers(root) {
    $$(".stepper", root).forEach(function (box) {
      if (box.dataset.ready) return;
      box.dataset.ready = "1";
      var input = $("input", box);
      $$("[data-step]", box).forEach(function (button) {
        button.addEventListener("click", function () {
          var step = Number(button.dataset.step);
          var min = input.min === "" ? -Infinity : Number(input.min);
          var max = input.max === "" ? Infinity : Number(input.max);
          var next = input.value === "" ? Math.max(min, 0) : Number(input.value) + step;
          input.value = String(Math.min(max, Math.max(min, next)));
          input.dispatchEvent(new Event("input", { bubbles: true }));
          input.dispatchEvent(new Event("change", { bubbles: true }));
        });
      });
    });
  }

  /* List rows: add from the <template>, remove, keep the names numbered 0..n-1. */
  function renumber(list) {
    var name = list.dataset.list;
    $$(":scope > [data-rows] > [data-row]", list).forEach(function (row, i) {
      $$("[name], [id], [for], [aria-describedby]", row).forEach(function (el) {
        ["name", "id", "for", "aria-describedby"].forEach(function (attr) {
          var v = el.getAttribute(attr);
          if (!v) return;
          var prefix = attr === "name" ? name + "." : "f-" + name.replace(/[^a-z0-9]+/gi, "-").toLowerCase() + "-";
          if (v.indexOf(prefix) !== 0) return;
          var rest = v.slice(prefix.length).replace(/^(__i__|\d+|i(?=-|$))/, String(i));  // ids: "__i__" reads "i"
          el.setAttribute(attr, prefix + rest);
        });
      });
      var number = $(":scope > legend [data-row-number]", row);
      if (number) number.textContent = String(i + 1);
    });
    var count = $$(":scope > [data-rows] > [data-row]", list).length;
    var add = $(":scope > [data-add-row]", list);
    if (add) add.disabled = count >= Number(list.dataset.max);
    $$(":scope > [data-rows] > [data-row] > [data-remove-row]", list).forEach(function (b) {
      b.disabled = count <= Number(list.dataset.min);
    });
  }
  function lists(root) {
    $$("[data-list]", root).forEach(function (list) {
      if (list.dataset.ready) return;
      list.dataset.ready = "1";
      var rows = $(":scope > [data-rows]", list);
      var template = $(":scope > template[data-row-template]", list);
      var add = $(":scope > [data-add-row]", list);
      add.addEventListener("click", function () {
        var row = template.content.firstElementChild.cloneNode(true);
        rows.appendChild(row);
        enhance(row);
        renumber(list);
        var first = $("input:not([type=hidden]), select", row);
        if (first) first.focus();
      });
      list.addEventListener("click", function (event) {
        var button = event.target.closest("[data-remove-row]");
        if (!button || button.closest("[data-list]") !== list) return;
        button.closest("[data-row]").remove();
        renumber(list);
        add.focus();
      });
      renumber(list);
    });
  }

  /* Share: copy the plain-text summary (and the page link) to the clipboard. */
  function share(root) {
    $$("[data-share]", root).forEach(function (button) {
      button.addEventListener("click", function () {
        var text = button.dataset.share + "\n" + location.href.split("#")[0];
        var status = button.parentNode.querySelector("[data-share-status]");
        function done(ok) { if (status) status.textContent = ok ? "Copied. Paste it into your group chat." : text; }
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(fallbackCopy(text)); });
        } else { done(fallbackCopy(text)); }
      });
    });
  }
  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text; area.setAttribute("readonly", ""); area.style.position = "fixed"; area.style.opacity = "0";
    document.body.appendChild(area); area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    area.remove();
    return ok;
  }

  /* Calculators: post in place (no page jump); say so plainly when offline. */
  function calculators() {
    var form = $("[data-calc]");
    if (!form) return;
    var answer = $("[data-answer]");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var button = $("button[type=submit]", form);
      button.disabled = true;
      fetch(form.getAttribute("action").split("#")[0], {
        method: "POST", body: new URLSearchParams(new FormData(form)),
        headers: { "X-Lairside-Fragment": "1" }
      }).then(function (response) { return response.text(); }).then(function (html) {
        answer.innerHTML = html;
        markErrors(form, answer);
        share(answer);
        answer.focus({ preventScroll: true });
        answer.scrollIntoView({ block: "start" });  /* below the sticky header (scroll-margin) */
      }).catch(function () {
        answer.innerHTML = '<div class="problem" role="alert"><h2>No connection</h2><p>This calculator needs the server. ' +
          'Your entries are kept on this page; try again when you are back online.</p></div>';
        answer.focus();
      }).then(function () { button.disabled = false; });
    });
  }
  function markErrors(form, answer) {
    $$("[aria-invalid]", form).forEach(function (el) { el.removeAttribute("aria-invalid"); });
    $$(".problem a[href^='#f-']", answer).forEach(function (a) {
      var input = document.getElementById(a.getAttribute("href").slice(1));
      if (input) input.setAttribute("aria-invalid", "true");
    });
  }

  /* One game's saved index (GET /g/<game>/search.json) against a query: [{game, entry, score}]. */
  function offlineMatches(index, q) {
    var stop = {};
    index.stop.forEach(function (w) { stop[w] = true; });
    var asked = q.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    var howMany = /\bhow (many|much)\b/.test(q.toLowerCase());
    var words = [];
    asked.forEach(function (w) {
      if (stop[w]) return;
      words.push(w);
      (index.synonyms[w] || []).forEach(function (x) { words.push(x); });
    });
    if (!words.length) return [];
    var out = [];
    index.entries.forEach(function (e) {
      var title = " " + e.title.toLowerCase().replace(/[^a-z0-9]+/g, " ");
      var score = 0;
      var all = asked.filter(function (w) { return !stop[w]; }).every(function (w) {
        var stem = " " + w.slice(0, 5);
        var alts = [w].concat(index.synonyms[w] || []);
        return alts.some(function (a) {
          var st = " " + a.slice(0, 5);
          if (title.indexOf(st) >= 0) { score += 5; return true; }
          if ((" " + e.aliases).indexOf(st) >= 0) { score += 4; return true; }
          if (e.words.indexOf(st) >= 0) { score += 1; return true; }
          return false;
        }) || e.words.indexOf(stem) >= 0;
      });
      if (!all) return;
      if (howMany && e.numbers) score += 3;
      out.push({ game: index.game, entry: e, score: score });
    });
    return out;
  }
  window.lairsideOfflineMatches = offlineMatches;

  /* Search: results as you type, through the search API; the query stays in the URL. */
  function search() {
    var form = $("[data-search]");
    if (!form) return;
    var input = $("input[name=q]", form);
    var list = $("[data-search-results]");
    var status = $("[data-search-status]");
    var timer = 0, asked = 0;
    function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; }); }
    function ruleUrl(hit) { return form.dataset.ruleUrl.replace("GAME", encodeURIComponent(hit.game)).replace("ENTRY", encodeURIComponent(hit.id)); }
    function run() {
      var q = input.value.trim();
      var url = new URL(location.href);
      if (q) url.searchParams.set("q", q); else url.searchParams.delete("q");
      history.replaceState(null, "", url);
      if (!q) { list.innerHTML = ""; status.textContent = ""; return; }
      var mine = ++asked;
      fetch(form.dataset.api + "?q=" + encodeURIComponent(q) + "&limit=20").then(function (r) {
        return r.json().then(function (body) { return { ok: r.ok, body: body }; });
      }).then(function (res) {
        if (mine !== asked) return;
        if (!res.ok) { list.innerHTML = ""; status.textContent = res.body.detail || "Try another word."; return; }
        var hits = res.body.results;
        status.textContent = hits.length + (hits.length === 1 ? " result" : " results") + " for “" + q + "”.";
        list.innerHTML = hits.map(function (h) {
          return '<li><a href="' + esc(ruleUrl(h)) + '"><b>' + esc(h.title) + "</b><small>" + esc(h.section) +
            "</small><span>" + esc(h.snippet) + "</span></a></li>";
        }).join("");
      }).catch(function () { if (mine === asked) offlineSearch(q, mine); });
    }
    /* Offline: every word of every saved rule (title, text, aliases, key numbers), each
       game's index the search covers. Question words ("how many") are dropped; every other
       word must start a word of the entry (its first five letters, so "henchmen" finds
       "henchman"); titles weigh most, and a "how many" question favours entries with numbers. */
    function offlineSearch(q, mine) {
      var urls = form.dataset.offlineIndex.split(" ").filter(Boolean);
      Promise.all(urls.map(function (u) {
        return fetch(u).then(function (r) { return r.ok ? r.json() : null; }).catch(function () { return null; });
      })).then(function (indexes) {
        if (mine !== asked) return;
        var saved = indexes.filter(Boolean);
        if (!saved.length) throw new Error("nothing saved");
        var hits = [];
        saved.forEach(function (index) {
          hits = hits.concat(offlineMatches(index, q));
        });
        hits.sort(function (a, b) { return b.score - a.score; });
        hits = hits.slice(0, 20);
        status.textContent = "Offline: " + hits.length + " saved rule" + (hits.length === 1 ? "" : "s") + " match.";
        list.innerHTML = hits.map(function (h) {
          return '<li><a href="' + esc(ruleUrl({ game: h.game, id: h.entry.id })) + '"><b>' + esc(h.entry.title) +
            "</b><small>" + esc(h.entry.section) + "</small></a></li>";
        }).join("");
      }).catch(function () {
        if (mine === asked) status.textContent = "Offline, and the rules are not saved on this phone yet: open any page once online.";
      });
    }
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 180); });
    /* A search sent from another page while offline lands on the saved search page: run it. */
    var initial = new URLSearchParams(location.search).get("q");
    if (initial && !list.children.length && !status.textContent.trim()) { input.value = initial; run(); }
  }

  /* Home: remember game, mode and players on this phone; point the links at them. */
  function table() {
    var form = $("[data-table-form]") || $("[data-setup-picker]");
    if (!form) return;
    var players = $("input[name=players]", form);
    var saved = store.get("table", null);
    var fromUrl = new URLSearchParams(location.search).has("players");
    function showGame() {
      var game = $("input[name=game]:checked", form);
      if (!game) return form.dataset.game || null;
      $$("[data-modes-for]", form).forEach(function (set) {
        var mine = set.dataset.modesFor === game.value;
        set.hidden = !mine; set.disabled = !mine;
        /* One radio group spans every game's modes: the shown game keeps one checked. */
        if (mine && !$("input[name=mode]:checked", set)) {
          var first = $("input[name=mode]", set);
          if (first) first.checked = true;
        }
      });
      form.action = game.dataset.setup;
      var start = $("[data-start-button]", form);
      if (start) {
        start.hidden = !game.dataset.start;
        if (game.dataset.start) start.setAttribute("formaction", game.dataset.start);
      }
      return game.value;
    }
    if (saved && !fromUrl) {
      var game = saved.game && $("input[name=game][value='" + saved.game + "']", form);
      if (game) game.checked = true;
      showGame();
      var mode = $("fieldset:not([disabled]) input[name=mode][value='" + saved.mode + "']", form) ||
        (!$("[data-modes-for]", form) && $("input[name=mode][value='" + saved.mode + "']", form));
      if (mode) mode.checked = true;
      if (saved.players) players.value = saved.players;
    }
    function update() {
      var game = showGame();
      var mode = $("fieldset:not([disabled]) input[name=mode]:checked", form) || $("input[name=mode]:checked", form);
      if (mode) {
        players.min = mode.dataset.min; players.max = mode.dataset.max;
        var n = Number(players.value) || Number(mode.dataset.min);
        players.value = String(Math.min(Number(mode.dataset.max), Math.max(Number(mode.dataset.min), n)));
      }
      var state = { game: game, mode: mode ? mode.value : null, players: Number(players.value) };
      store.set("table", state);
      $$("[data-table-link]").forEach(function (a) {
        var url = new URL(a.href);
        var kind = a.dataset.tableLink;
        var own = !game || url.pathname.indexOf(ROOT + "/g/" + game + "/") === 0;
        if (kind === "setup" && own) { url.searchParams.set("mode", state.mode); url.searchParams.set("players", state.players); }
        if (kind === "score" && own) url.searchParams.set("mode", state.mode);
        if (kind === "timers") url.searchParams.set("players", state.players);
        if (kind === "start" && own) { url.searchParams.set("mode", state.mode); url.searchParams.set("players", state.players); }
        a.href = url.pathname + url.search;
      });
    }
    form.addEventListener("change", update);
    form.addEventListener("input", update);
    /* Blank options stay out of the address, so it is the one the phone saved for offline. */
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (submitter && submitter.getAttribute("formmethod") === "post") return;
      event.preventDefault();
      var action = (submitter && submitter.getAttribute("formaction")) || form.getAttribute("action");
      var params = new URLSearchParams();
      new FormData(form).forEach(function (value, key) { if (String(value).trim()) params.append(key, value); });
      location.href = action.split("?")[0] + "?" + params.toString();
    });
    update();
  }

  /* Tables this phone joined or started (kept by the session page): links back to them. */
  /* "Thu 19:30", written by hand: the first toLocaleString loads the locale's date data, a long
     task on a slow phone, on the home page of every phone that remembers a table. */
  function seenAt(d) {
    if (isNaN(d.getTime())) return "";
    return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][d.getDay()] + " " +
      ("0" + d.getHours()).slice(-2) + ":" + ("0" + d.getMinutes()).slice(-2);
  }
  function myTables() {
    var box = $("[data-my-tables]");
    if (!box) return;
    var tables = store.get("tables", []);
    var list = $("[data-my-tables-list]", box);
    function esc(t) { return String(t).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; }); }
    function draw() {
      box.hidden = !tables.length;
      list.innerHTML = tables.slice(0, 6).map(function (t) {
        var when = t.seen ? seenAt(new Date(t.seen)) : "";
        return '<li><a href="' + esc(t.path) + '"><b>' + esc(t.title) + '</b><small><span class="code">' +
          esc(t.code.toUpperCase().replace(/^(.{4})/, "$1 ")) + "</span> · " + (t.editor ? "you keep score" : "following") +
          (when ? " · " + esc(when) : "") + "</small></a></li>";
      }).join("");
    }
    draw();
    var forget = $("[data-forget-tables]", box);
    if (forget) forget.addEventListener("click", function () {
      if (!confirm("Forget these tables on this phone? Edit links kept here are forgotten too.")) return;
      tables.forEach(function (t) {
        try { localStorage.removeItem("lairside:token:" + t.code); localStorage.removeItem("lairside:seat:" + t.code); } catch (e) { /* ignore */ }
      });
      tables = []; store.set("tables", tables); draw();
    });
  }

  /* Calculator and scoring forms keep what was typed on this phone (a reload, a lost
     signal), until the form is cleared. */
  function keepTyped() {
    var form = $("[data-calc]");
    if (!form || !window.sessionStorage) return;
    var key = "lairside:typed:" + location.pathname;
    function save() {
      var pairs = [];
      new FormData(form).forEach(function (value, name) { pairs.push([name, String(value)]); });
      try { sessionStorage.setItem(key, JSON.stringify(pairs)); } catch (e) { /* full */ }
    }
    form.addEventListener("input", save);
    form.addEventListener("change", save);
    if (location.search || form.querySelector("[aria-invalid]") || $("[data-answer] *")) return;
    var saved = null;
    try { saved = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) { saved = null; }
    if (!saved) return;
    /* Lists first: as many rows as were typed. */
    $$("[data-list]", form).forEach(function (list) {
      var rows = {};
      saved.forEach(function (p) {
        var m = p[0].match(new RegExp("^" + list.dataset.list.replace(/\./g, "\\.") + "\\.(\\d+)\\._row$"));
        if (m) rows[m[1]] = true;
      });
      var want = Object.keys(rows).length, add = $(":scope > [data-add-row]", list);
      while ($$(":scope > [data-rows] > [data-row]", list).length < want && add && !add.disabled) add.click();
    });
    saved.forEach(function (p) {
      $$("[name='" + p[0].replace(/'/g, "") + "']", form).forEach(function (el) {
        if (el.type === "radio" || el.type === "checkbox") el.checked = el.value === p[1];
        else if (el.type !== "hidden") el.value = p[1];
      });
    });
  }

  /* Setup checklist progress: "12 of 27 done", kept in step with the ticks. */
  function progress() {
    var list = $("[data-checklist]"), out = $("[data-progress]");
    if (!list || !out) return;
    function draw() {
      var boxes = $$("[data-check]", list);
      var done = boxes.filter(function (b) { return b.checked; }).length;
      out.textContent = done + " of " + boxes.length + " done" + (done === boxes.length ? ": ready to play." : ".");
    }
    list.addEventListener("change", draw);
    var reset = $("[data-checklist-reset]");
    if (reset) reset.addEventListener("click", function () { setTimeout(draw, 0); });
    draw();
  }

  /* Random deals: offline, "Deal again" picks one of the deals saved on this phone. */
  function reseed() {
    $$("[data-reseed]").forEach(function (a) {
      a.addEventListener("click", function (event) {
        var url = new URL(a.href);
        var pick;
        if (navigator.onLine === false) {
          var seeds = (a.dataset.offlineSeeds || "").split(" ").filter(Boolean);
          if (!seeds.length) return;
          var now = new URLSearchParams(location.search).get("seed");
          pick = seeds[(seeds.indexOf(now) + 1) % seeds.length];
        } else if (window.crypto && crypto.getRandomValues) {
          /* A new seed each time: the page itself may be the phone's saved copy, whose
             link would deal the same tiles again. */
          var bytes = crypto.getRandomValues(new Uint8Array(3));
          pick = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
        } else {
          return;
        }
        event.preventDefault();
        url.searchParams.set("seed", pick);
        location.href = url.pathname + url.search;
      });
    });
  }

  /* Setup checklist: ticks kept on this phone, per game, mode, players and seed. */
  function checklist() {
    var list = $("[data-checklist]");
    if (!list) return;
    var key = "check:" + list.dataset.checklist;
    var ticks = store.get(key, {});
    $$("[data-check]", list).forEach(function (box) {
      box.checked = !!ticks[box.dataset.check];
      box.addEventListener("change", function () {
        ticks[box.dataset.check] = box.checked;
        store.set(key, ticks);
      });
    });
    var reset = $("[data-checklist-reset]");
    if (reset) reset.addEventListener("click", function () {
      ticks = {}; store.set(key, ticks);
      $$("[data-check]", list).forEach(function (box) { box.checked = false; });
    });
  }

  /* Stage timers: the start time lives in localStorage, so a locked screen or a reload
     loses nothing; the display is recomputed from the clock, never counted tick by tick. */
  function timers() {
    var cards = $$("[data-timer]");
    if (!cards.length) return;
    var playersInput = $("[data-timer-players]");
    var conflictsInput = $("[data-timer-conflicts]");
    var saved = store.get("table", null);
    if (saved && saved.players && !playersInput.hasAttribute("data-from-url")) playersInput.value = saved.players;
    var conflicts = store.get("timer-conflicts", 0);
    conflictsInput.value = conflicts;
    function minutes(card) {
      var p = Number(playersInput.value) || 0, c = Number(conflictsInput.value) || 0;
      return Number(card.dataset.fixed) + Number(card.dataset.perPlayer) * Number(card.dataset.phases) * p +
        Number(card.dataset.perConflict) * c;
    }
    function state(card) { return store.get("timer:" + card.dataset.timer, { started: null, spent: 0 }); }
    function fmt(ms) {
      var sign = ms < 0 ? "-" : "";
      var s = Math.ceil(Math.abs(ms) / 1000);
      if (ms < 0) s = Math.floor(Math.abs(ms) / 1000);
      return sign + Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
    }
    function draw() {
      cards.forEach(function (card) {
        var st = state(card);
        var spent = st.spent + (st.started ? Date.now() - st.started : 0);
        var left = minutes(card) * 60000 - spent;
        $("[data-clock]", card).textContent = fmt(left);
        card.classList.toggle("over", left <= 0);
        $("[data-timer-start]", card).disabled = !!st.started;
        $("[data-timer-pause]", card).disabled = !st.started;
        var status = $("[data-timer-status]", card);
        var text = left <= 0 ? "Time is up." : st.started ? "Running." : spent ? "Paused." : "";
        if (status.textContent !== text) {
          status.textContent = text;
          if (left <= 0 && st.started && navigator.vibrate) navigator.vibrate(400);
        }
      });
    }
    cards.forEach(function (card) {
      var key = "timer:" + card.dataset.timer;
      $("[data-timer-start]", card).addEventListener("click", function () {
        var st = state(card); st.started = Date.now(); store.set(key, st); draw();
      });
      $("[data-timer-pause]", card).addEventListener("click", function () {
        var st = state(card);
        if (st.started) { st.spent += Date.now() - st.started; st.started = null; }
        store.set(key, st); draw();
      });
      $("[data-timer-reset]", card).addEventListener("click", function () {
        store.set(key, { started: null, spent: 0 }); draw();
      });
    });
    playersInput.addEventListener("input", draw);
    conflictsInput.addEventListener("input", function () { store.set("timer-conflicts", Number(conflictsInput.value) || 0); draw(); });
    draw();
    setInterval(draw, 250);
    document.addEventListener("visibilitychange", draw);
  }

  /* Offline: a banner, and a service worker that keeps rules and setup for next time. */
  function offline() {
    var note = $("[data-offline-note]");
    function show() { if (note) note.hidden = navigator.onLine !== false; }
    window.addEventListener("online", show);
    window.addEventListener("offline", show);
    show();
    var ready = $("[data-offline-ready]");
    if (!ready || !("serviceWorker" in navigator) || location.protocol === "file:") return;
    var titles = {};
    try { titles = JSON.parse(ready.dataset.games || "{}"); } catch (e) { /* none */ }
    var games = store.get("offline-games", {});  /* slug → {count, bytes}: saved on this phone */
    function mb(bytes) { return bytes >= 1e6 ? (bytes / 1e6).toFixed(1) + " MB" : Math.max(1, Math.round(bytes / 1e3)) + " kB"; }
    function draw() {
      var have = Object.keys(games).filter(function (g) { return titles[g]; });
      if (!have.length) { ready.hidden = true; return; }
      var pages = 0, bytes = 0;
      have.forEach(function (g) { pages += games[g].count; bytes += games[g].bytes; });
      var others = Object.keys(titles).filter(function (g) { return !games[g]; });
      ready.hidden = false;
      ready.textContent = "Saved on this phone for offline use: " + have.map(function (g) {
        return titles[g] + " (" + games[g].count + " pages, " + mb(games[g].bytes) + ")"; }).join(", ") +
        ": rules, search, setup, timers and forms. ";
      if (others.length) {  /* the others only when asked, with an honest guess at their size */
        var each = pages ? bytes / pages : 0, guess = each * pages / have.length * others.length;
        var more = document.createElement("button");
        more.type = "button"; more.className = "link"; more.dataset.saveOthers = "";
        more.textContent = "Also save the other " + others.length + " game" + (others.length === 1 ? "" : "s") +
          (guess ? " (about " + mb(guess) + ")" : "");
        more.addEventListener("click", function () {
          more.disabled = true; more.textContent = "Saving…";
          others.forEach(save);
        });
        ready.appendChild(more);
      }
    }
    function save(game) {
      if (!game || !titles[game]) return;
      navigator.serviceWorker.ready.then(function (reg) {
        if (reg.active) reg.active.postMessage({ type: "save-game", game: game });
      });
    }
    navigator.serviceWorker.onmessage = function (event) {  /* (onmessage also starts the queue) */
      var d = event.data || {};
      if (d.type === "game-saved" && d.count) {
        games[d.game] = { count: d.count, bytes: d.bytes }; store.set("offline-games", games); draw();
      }
    };
    function register() { navigator.serviceWorker.register(ROOT + "/sw.js", { scope: ROOT + "/" }).catch(function () { /* optional */ }); }
    /* after the page has loaded: the worker's start-up is no part of the first screen */
    if (document.readyState === "complete") register(); else window.addEventListener("load", register);
    /* The game this phone chose: the one whose page this is, else the one picked on home. */
    function chosen() {
      var m = location.pathname.slice(ROOT.length).match(/^\/g\/([^/]+)/);
      if (m) return m[1];
      var picked = $("input[name=game]:checked");
      return picked ? picked.value : null;
    }
    var first = chosen();
    if (first && !games[first]) save(first);
    document.addEventListener("change", function (e) {
      if (e.target.name === "game" && !games[e.target.value]) save(e.target.value);
    });
    draw();
  }

  /* Forms that fit the mode: a field whose label starts with a mode's name ("Mayhem: the
     team...") shows only in that mode, first in its row and out of "More"; the others are
     hidden and not sent. The mode comes from the form, else from the address (?mode=). */
  function modeFit() {
    $$("[data-mode-fit]").forEach(function (form) {
      var titles = {};
      try { titles = JSON.parse(form.dataset.modeFit); } catch (e) { return; }
      if (Object.keys(titles).length < 2) return;
      var chosen = $("input[name=mode]:checked, select[name=mode]", form);
      var mode = chosen ? chosen.value : new URLSearchParams(location.search).get("mode");
      $$(".field", form).forEach(function (box) {
        if (box.dataset.onlyMode === undefined) {
          var lab = $("label, legend", box);
          var text = lab ? lab.textContent.trim() : "";
          box.dataset.onlyMode = "";
          Object.keys(titles).forEach(function (t) { if (text.indexOf(t + ":") === 0) box.dataset.onlyMode = titles[t]; });
        }
        var only = box.dataset.onlyMode;
        if (!only) return;
        var show = !mode || only === mode;
        box.hidden = !show;
        $$("input, select", box).forEach(function (el) { el.disabled = !show; });
        var more = box.parentNode.closest("details.more");
        var row = box.closest("[data-row]");
        if (show && more && row && more.parentNode === row) {
          var first = $(":scope > .field, :scope > details.more", row);
          row.insertBefore(box, first);
        } else if (show && more) {
          more.parentNode.insertBefore(box, more);
        }
      });
    });
  }

  /* "One of the seats" (a text box marked data-seat-choice, typed as it is without script)
     becomes a list of the names typed in the seat rows of the same form, kept in step as
     they are typed, added or removed. A seat's name is the first name its row gives. */
  function seatChoices() {
    $$("form").forEach(function (form) {
      if (form.dataset.seatChoices || !$("[data-seat-choice]", form)) return;
      form.dataset.seatChoices = "1";
      var selects = $$("input[data-seat-choice]", form).map(function (box) {
        var select = document.createElement("select");
        ["id", "name", "required", "aria-invalid", "aria-describedby", "data-seat-choice", "data-dealt"].forEach(function (a) {
          if (box.hasAttribute(a)) select.setAttribute(a, box.getAttribute(a));
        });
        select.add(new Option("Choose a seat", ""));
        if (box.value) select.add(new Option(box.value, box.value, true, true));
        box.parentNode.replaceChild(select, box);
        return select;
      });
      function names() {
        var out = [];
        $$("[data-seat-list] [data-row]", form).forEach(function (row) {
          var box = $$("input[type=text], select", row).filter(function (el) {
            return !el.hasAttribute("data-seat-choice") && el.value.trim();
          })[0];
          if (box && out.indexOf(box.value.trim()) < 0) out.push(box.value.trim());
        });
        return out;
      }
      function fill() {
        var seats = names();
        selects.forEach(function (select) {
          var was = select.value, blank = select.options[0];
          while (select.options.length > 1) select.remove(1);
          seats.forEach(function (name) { select.add(new Option(name, name, false, name === was)); });
          if (blank) blank.textContent = select.dataset.dealtText || (select.hasAttribute("data-dealt") ? "Dealt when the table starts" : seats.length ? "Choose a seat" : "Name the seats above first");
        });
      }
      ["input", "change"].forEach(function (type) { form.addEventListener(type, fill); });
      form.addEventListener("click", function (event) {
        if (event.target.closest("[data-add-row], [data-remove-row]")) setTimeout(fill, 0);
      });
      fill();
    });
  }

  function enhance(root) { steppers(root); lists(root); modeFit(); seatChoices(); }

  theme();
  enhance(document);
  document.addEventListener("change", function (event) {
    if (event.target.name === "mode" && event.target.closest("[data-mode-fit]")) modeFit();
  });
  share(document);
  calculators();
  search();
  table();
  myTables();
  keepTyped();
  checklist();
  progress();
  reseed();
  timers();
  offline();
})();
