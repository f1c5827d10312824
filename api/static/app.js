/* Lairside phone pages: small progressive enhancements. Every page works without this file. */
"use strict";
(function () {
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

  /* Theme: dark by default, light on request, remembered. */
  function theme() {
    var button = $("[data-theme-toggle]");
    if (!button) return;
    function show() {
      var light = document.documentElement.dataset.theme === "light";
      button.textContent = light ? "Dark" : "Light";
      button.setAttribute("aria-label", light ? "Switch to dark theme" : "Switch to light theme");
    }
    show();
    button.addEventListener("click", function () {
      var next = document.documentElement.dataset.theme === "light" ? "dark" : "light";
      document.documentElement.dataset.theme = next;
      try { localStorage.setItem("lairside:theme", next); } catch (e) { /* ignore */ }
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
          var rest = v.slice(prefix.length).replace(/^(__i__|\d+)/, String(i));
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
        answer.focus();
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
    /* Offline: match the words against the saved lists of rule titles (no typo tolerance),
       every game's list the search covers. */
    function offlineSearch(q, mine) {
      var words = q.toLowerCase().split(/\W+/).filter(Boolean);
      var urls = form.dataset.offlineIndex.split(" ").filter(Boolean);
      Promise.all(urls.map(function (u) {
        return fetch(u).then(function (r) { return r.json(); }).catch(function () { return null; });
      })).then(function (indexes) {
        if (mine !== asked) return;
        var saved = indexes.filter(Boolean);
        if (!saved.length) throw new Error("nothing saved");
        var hits = [];
        saved.forEach(function (index) {
          index.entries.forEach(function (e) {
            var title = e.title.toLowerCase();
            if (words.every(function (w) { return title.indexOf(w.slice(0, 5)) >= 0; })) {
              hits.push({ game: index.game, entry: e });
            }
          });
        });
        hits = hits.slice(0, 20);
        status.textContent = "Offline: " + hits.length + " saved rule title" + (hits.length === 1 ? "" : "s") + " match.";
        list.innerHTML = hits.map(function (h) {
          return '<li><a href="' + esc(ruleUrl({ game: h.game, id: h.entry.id })) + '"><b>' + esc(h.entry.title) +
            "</b><small>" + esc(h.entry.section) + "</small></a></li>";
        }).join("");
      }).catch(function () {
        if (mine === asked) status.textContent = "Offline, and the rules list is not saved yet: open the Rules page once online.";
      });
    }
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 180); });
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
      });
      form.action = game.dataset.setup;
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
        var own = !game || url.pathname.indexOf("/g/" + game + "/") === 0;
        if (kind === "setup" && own) { url.searchParams.set("mode", state.mode); url.searchParams.set("players", state.players); }
        if (kind === "score" && own) url.searchParams.set("mode", state.mode);
        if (kind === "timers") url.searchParams.set("players", state.players);
        a.href = url.pathname + url.search;
      });
    }
    form.addEventListener("change", update);
    form.addEventListener("input", update);
    update();
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
    if ("serviceWorker" in navigator && location.protocol !== "file:") {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { /* optional */ });
    }
  }

  function enhance(root) { steppers(root); lists(root); }

  theme();
  enhance(document);
  share(document);
  calculators();
  search();
  table();
  checklist();
  timers();
  offline();
})();
