/* The session page: renders the board a game declares (tracks, shows, per-seat counters,
   toggles and actions; assistant/tracker/contract.py) from the session JSON, polls with
   If-None-Match, and writes with If-Match and an Idempotency-Key per tap. All text reaches
   the page through textContent or esc(): nothing a player typed is read as HTML. */
(function () {
  "use strict";
  var json = function (id) { return JSON.parse(document.getElementById(id).textContent); };
  var data = json("session-initial"), board = json("session-board"), forms = json("session-forms");
  var privateKinds = json("session-private");
  var body = document.body, api = data.urls.api, code = data.code, etag = '"v' + data.version + '"';
  var tokenKey = "lairside:token:" + code, token = null;
  var hash = new URLSearchParams(location.hash.slice(1));
  try {
    if (hash.get("token")) { localStorage.setItem(tokenKey, hash.get("token")); }
    token = localStorage.getItem(tokenKey);
  } catch (e) { token = hash.get("token"); }
  // A seat's own phone: its seat token shows that seat's secrets (never sent elsewhere).
  var seatKey = "lairside:seat:" + code, mine = null;
  try {
    if (hash.get("seat") && hash.get("key")) {
      localStorage.setItem(seatKey, JSON.stringify({seat: hash.get("seat"), key: hash.get("key")}));
    }
    mine = JSON.parse(localStorage.getItem(seatKey) || "null");
  } catch (e) { mine = hash.get("key") ? {seat: hash.get("seat"), key: hash.get("key")} : null; }
  if (hash.get("token") || hash.get("key")) { history.replaceState(null, "", location.pathname + location.search); }
  function readHeaders(extra) {
    var h = extra || {}; if (mine) { h["X-Seat-Token"] = mine.key; } return h;
  }
  function isPrivate(kind) { return privateKinds.indexOf(kind) >= 0; }
  var $ = function (sel) { return document.querySelector(sel); };
  var esc = function (s) { return String(s == null ? "" : s).replace(/[&<>"']/g, function (c) {
    return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]; }); };
  var names = {}; data.setup.seats.forEach(function (s) { names[s.id] = s.name; });
  if (token) { body.classList.add("editing"); $("[data-role]").textContent = "editing on this phone"; }
  function say(text) { $("[data-status]").textContent = text; }
  function newKey() { return (window.crypto && crypto.randomUUID) ? crypto.randomUUID()
    : String(Date.now()) + Math.random().toString(16).slice(2); }
  function sleep(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }
  function label(key) { return key.replace(/_/g, " "); }
  function shown(value, seatName) {
    if (value === true) { return "yes"; }
    if (value === false) { return "no"; }
    if (value == null) { return seatName ? "nobody" : "?"; }
    return seatName ? (names[value] || value) : value;
  }
  function skipped(item, seat) { return item.skip && seat && seat[item.skip]; }
  function seatState(st, id) { return st.seats.find(function (s) { return s.id === id; }) || {}; }

  function stepper(attrs, text, value) {
    return '<div class="row"><span class="label">' + esc(text) + '</span>' +
      '<button type="button" data-edit ' + attrs + ' data-delta="-1" aria-label="' + esc(text) + ' down">−</button>' +
      '<span class="big" data-value>' + esc(value == null ? "?" : value) + '</span>' +
      '<button type="button" data-edit ' + attrs + ' data-delta="1" aria-label="' + esc(text) + ' up">+</button></div>';
  }

  function input(field, prefix) {
    var id = prefix + "-" + field.name, attrs = ' id="' + esc(id) + '" name="' + esc(field.name) + '"';
    var lab = '<label class="sr" for="' + esc(id) + '">' + esc(field.help) + '</label>';
    if (field.kind === "oneof") {
      return lab + '<select' + attrs + '>' + field.options.map(function (o) {
        return '<option value="' + esc(o) + '">' + esc(label(o.replace(/-/g, " "))) + '</option>'; }).join("") + '</select>';
    }
    if (field.kind === "integer") {
      return lab + '<input' + attrs + ' type="number" inputmode="numeric" style="width:4.5rem"' +
        (field.minimum != null ? ' min="' + field.minimum + '"' : "") +
        (field.maximum != null ? ' max="' + field.maximum + '"' : "") +
        ' value="' + esc(field.default != null ? field.default : (field.minimum > 0 ? field.minimum : 1)) + '"' +
        (field.required ? " required" : "") + '>';
    }
    if (field.kind === "flag") { return '<label><input' + attrs + ' type="checkbox"> ' + esc(field.help) + '</label>'; }
    return lab + '<input' + attrs + ' maxlength="' + (field.max_length || 80) + '" placeholder="' +
      esc(label(field.name)) + '"' + (field.required ? " required" : "") + ' style="width:9rem">';
  }

  function actionHtml(action, seat, st) {
    if (skipped(action, seat) || (action.unless && st[action.unless])) { return ""; }
    if (isPrivate(action.event) && !(mine && seat && seat.id === mine.seat)) { return ""; }
    var edit = isPrivate(action.event) ? " data-own" : " data-edit";
    var seatAttr = seat ? ' data-seat-id="' + esc(seat.id) + '"' : "";
    if (!action.asks.length) {
      return '<button type="button"' + edit + ' data-action="' + esc(action.event) + '"' + seatAttr +
        (action.confirm ? ' data-confirm="' + esc(action.confirm) + '"' : "") + '>' + esc(action.label) + '</button>';
    }
    var fields = (forms[action.event] || []).filter(function (f) { return action.asks.indexOf(f.name) >= 0; });
    var prefix = "a-" + action.event + (seat ? "-" + seat.id : "");
    return '<form class="row"' + edit + ' data-action-form="' + esc(action.event) + '"' + seatAttr + '>' +
      fields.map(function (f) { return input(f, prefix); }).join("") +
      '<button type="submit">' + esc(action.label) + '</button></form>';
  }

  function render() {
    var st = data.state;
    $("[data-version]").textContent = data.version;
    var t = "";
    board.tracks.forEach(function (track) {
      t += stepper('data-track="' + esc(track.key) + '"', track.label, st[track.key]);
    });
    board.shows.forEach(function (show) {
      t += '<div class="row"><span class="label">' + esc(show.label) + '</span><span data-show="' +
        esc(show.key) + '">' + esc(shown(st[show.key], show.seat_name)) + '</span></div>';
    });
    var plain = board.actions.filter(function (a) { return !a.per_seat && !a.asks.length; });
    if (plain.length) { t += '<div class="row" data-edit>' + plain.map(function (a) { return actionHtml(a, null, st); }).join("") + '</div>'; }
    $("[data-tracks]").innerHTML = t;
    var html = "";
    data.setup.seats.forEach(function (seat) {
      var s = seatState(st, seat.id);
      html += '<article class="seat" data-seat="' + esc(seat.id) + '"><h3>' + esc(seat.name) +
        (seat.player ? ' <span class="muted">(' + esc(seat.player) + ')</span>' : "") +
        (seat.team ? ' <span class="muted">team ' + esc(seat.team) + '</span>' : "") + '</h3>';
      board.counters.forEach(function (c) {
        if (!skipped(c, seat)) { html += stepper('data-counter="' + esc(c.key) + '"', c.label, s[c.key]); }
      });
      board.toggles.forEach(function (tg) {
        if (skipped(tg, seat)) { return; }
        var on = s[tg.key] || [];
        html += '<div class="row"><span class="label">' + esc(tg.label) + '</span>' + tg.numbers.map(function (n) {
          return '<button type="button" data-toggle="' + esc(tg.key) + '" data-n="' + n + '" aria-pressed="' +
            (on.indexOf(n) >= 0) + '"' + (token ? "" : " disabled") + '>' + n + '</button>'; }).join("") + '</div>';
      });
      var lines = board.seat_lines.filter(function (k) { return s[k] != null; });
      if (lines.length) {
        html += '<p class="muted">' + lines.map(function (k) { return esc(label(k) + " " + shown(s[k])); }).join(" · ") + '</p>';
      }
      var seatActions = board.actions.filter(function (a) { return a.per_seat; });
      var buttons = seatActions.filter(function (a) { return !a.asks.length; }).map(function (a) { return actionHtml(a, seat, st); }).join("");
      seatActions.filter(function (a) { return a.asks.length; }).forEach(function (a) { html += actionHtml(a, seat, st); });
      if (buttons) { html += '<div class="row">' + buttons + '</div>'; }
      if (privateKinds.length && !mine) {
        html += '<button type="button" data-claim="' + esc(seat.id) + '">This is my seat</button>';
      } else if (mine && mine.seat === seat.id) {
        html += '<p class="muted">This phone holds this seat: its secrets show here only.</p>';
      }
      html += '</article>';
    });
    $("[data-seats]").innerHTML = html;
    $("[data-table-actions]").innerHTML = board.actions.filter(function (a) { return !a.per_seat && a.asks.length; })
      .map(function (a) { return actionHtml(a, null, st); }).join("");
    var undo = $("[data-undo]"); if (undo) { undo.disabled = !data.can_undo; }
  }

  function loadHistory() {
    fetch(api + "/events?after=" + Math.max(0, data.version - 30), {headers: readHeaders()}).then(function (r) { return r.json(); }).then(function (j) {
      $("[data-history]").innerHTML = j.events.slice().reverse().map(function (e) {
        return '<li value="' + e.seq + '">' + esc(e.text) + (token && e.seq < data.version ?
          ' <button type="button" data-revert="' + e.seq + '">back to here</button>' : "") + '</li>';
      }).join("");
    }).catch(function () {});
  }

  function accept(j, r) {
    data.version = j.version; data.state = j.state; data.can_undo = j.can_undo;
    etag = r.headers.get("ETag") || '"v' + j.version + '"';
    render(); loadHistory();
  }

  function refresh() {
    return fetch(api, {headers: readHeaders({"If-None-Match": etag})}).then(function (r) {
      if (r.status === 200) {
        return r.json().then(function (j) { data = j; etag = r.headers.get("ETag"); render(); loadHistory(); });
      }
    }).catch(function () { say("Offline: showing the last state we saw."); });
  }

  // make(state) -> [path, body] or null. On 412 the change is rebuilt from the fresh state and
  // sent again; a network failure resends the same change with the same Idempotency-Key.
  async function act(make, ownSeat) {
    var key = newKey();
    for (var attempt = 0; attempt < 4; attempt++) {
      var plan = make(data.state);
      if (!plan) { return; }
      say("Saving…");
      var r;
      try {
        r = await fetch(api + plan[0], {method: "POST", body: JSON.stringify(plan[1] || {}),
          headers: Object.assign({"Content-Type": "application/json", "If-Match": etag, "Idempotency-Key": key},
                                 ownSeat ? {"X-Seat-Token": mine.key} : {"Authorization": "Bearer " + token})});
      } catch (e) { say("No connection, retrying…"); await sleep(500 * Math.pow(2, attempt)); continue; }
      if (r.status === 201) { accept(await r.json(), r); say("Saved."); return; }
      if (r.status === 412) { say("Someone else changed it; applying yours on top…"); await refresh(); key = newKey(); continue; }
      var problem = {}; try { problem = await r.json(); } catch (e) {}
      var detail = problem.errors ? Object.values(problem.errors)[0][0] : problem.detail;
      say((detail || "Not saved (" + r.status + ").") + (r.status === 403 ? " This phone has no edit link." : ""));
      return;
    }
    say("Not saved: please try again.");
  }
  function event(ev) { return ["/events", ev]; }
  function find(list, key) { return list.find(function (x) { return x.key === key; }); }

  function stepped(spec, current, delta) {
    if (spec.delta) { return delta; }
    var v = (current == null ? spec.minimum : current) + delta;
    return v >= spec.minimum && v <= spec.maximum ? v : null;
  }

  document.addEventListener("click", function (e) {
    var b = e.target.closest("button"); if (!b) { return; }
    var d = b.dataset, card = b.closest("[data-seat]"), seat = card ? card.dataset.seat : null;
    if (d.claim) { claim(d.claim); return; }
    if (d.action && isPrivate(d.action)) {
      act(function () { return event({kind: d.action, seat: d.seatId}); }, true); return;
    }
    if (!token) { return; }
    var delta = Number(d.delta);
    if (d.track) {
      var track = find(board.tracks, d.track);
      act(function (st) { var v = stepped(track, st[track.key], delta); if (v == null) { return null; }
        var ev = {kind: track.event}; ev[track.field] = v; return event(ev); });
    } else if (d.counter) {
      var counter = find(board.counters, d.counter);
      act(function (st) { var v = stepped(counter, seatState(st, seat)[counter.key], delta); if (v == null) { return null; }
        var ev = {kind: counter.event, seat: seat}; ev[counter.field] = v; return event(ev); });
    } else if (d.toggle) {
      var toggle = find(board.toggles, d.toggle), n = Number(d.n);
      act(function (st) { var on = (seatState(st, seat)[toggle.key] || []).indexOf(n) < 0;
        var ev = {kind: toggle.event, seat: seat}; ev[toggle.field] = n; ev[toggle.on] = on; return event(ev); });
    } else if (d.action) {
      var who = d.seatId ? names[d.seatId] + " " : "";
      if (d.confirm && !confirm(who + d.confirm)) { return; }
      act(function () { var ev = {kind: d.action}; if (d.seatId) { ev.seat = d.seatId; } return event(ev); });
    } else if (d.revert) {
      act(function () { return ["/revert", {to_version: Number(d.revert)}]; });
    } else if ("undo" in d) {
      act(function () { return ["/undo", {}]; });
    }
  });
  document.addEventListener("submit", function (e) {
    var f = e.target; if (!f.dataset.actionForm) { return; }
    e.preventDefault();
    var ev = {kind: f.dataset.actionForm};
    if (f.dataset.seatId) { ev.seat = f.dataset.seatId; }
    Array.prototype.forEach.call(f.elements, function (el) {
      if (!el.name) { return; }
      if (el.type === "checkbox") { ev[el.name] = el.checked; }
      else if (el.type === "number") { if (el.value !== "") { ev[el.name] = Number(el.value); } }
      else if (el.value.trim()) { ev[el.name] = el.value.trim(); }
    });
    if (!isPrivate(ev.kind) && !token) { return; }
    act(function () { return event(ev); }, isPrivate(ev.kind));
    Array.prototype.forEach.call(f.querySelectorAll("input:not([type=number]):not([type=checkbox])"), function (el) { el.value = ""; });
  });
  $("[data-score]").addEventListener("click", function () {
    fetch(api + "/score").then(function (r) { return r.json(); }).then(function (j) {
      var out = $("[data-score-out]"); out.hidden = false; out.textContent = j.summary || j.detail;
    });
  });
  $("[data-sheet]").addEventListener("click", function (e) {
    if (!token) { return; }
    e.preventDefault();
    fetch(api + "/join.pdf", {headers: {"Authorization": "Bearer " + token}}).then(function (r) { return r.blob(); })
      .then(function (blob) { location.href = URL.createObjectURL(blob); });
  });
  function claim(seatId) {
    if (!confirm("Claim " + names[seatId] + " as this phone's own seat? Only this phone will see its secrets.")) { return; }
    fetch(api + "/seats/" + encodeURIComponent(seatId) + "/claim", {method: "POST"}).then(function (r) {
      return r.json().then(function (j) {
        if (r.status !== 201) { say(j.detail || "Could not claim the seat."); return; }
        mine = {seat: seatId, key: j.seat_token};
        try { localStorage.setItem(seatKey, JSON.stringify(mine)); } catch (e) {}
        say("This phone now holds " + names[seatId] + "."); etag = ""; refresh();
      });
    }).catch(function () { say("No connection: the seat was not claimed."); });
  }
  render(); loadHistory();
  if (mine) { etag = ""; refresh(); }
  setInterval(function () { if (!document.hidden) { refresh(); } }, 3000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { refresh(); } });
})();
