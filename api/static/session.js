/* The session page: renders the board a game declares (tracks, shows, per-seat counters,
   toggles and actions; assistant/tracker/contract.py) from the session JSON, follows changes
   live (a stream: GET .../stream, or the long poll .../wait?after=<version> where a stream
   cannot be opened; from a server full of followers, a read every Retry-After seconds),
   and writes with If-Match and an
   Idempotency-Key per tap.

   Every tap is an intent in a queue kept on this phone, sent in order. A write that meets
   412 (another phone changed the table first) is sent again only when what it changes was
   left alone; otherwise the page shows what the other phone did and asks. A tap made
   offline waits in the queue (same Idempotency-Key) and is sent when the connection is back.
   A refused tap stays on screen until it is retried or dismissed.
   Each seat folds to one line with its counts, one seat open at a time; at load the board is
   drawn in short tasks (the open seat, then the folded seats' rows, then the score, then the
   history and the stream), so a slow phone never stalls and nothing on screen moves.
   All text reaches the page through textContent or esc(): nothing a player typed is read
   as HTML. */
(function () {
  "use strict";
  var json = function (id) { return JSON.parse(document.getElementById(id).textContent); };
  var data = json("session-initial"), board = json("session-board"), forms = json("session-forms");
  var privateKinds = json("session-private"), meta = json("session-meta");
  var body = document.body, api = data.urls.api, code = data.code, etag = '"v' + data.version + '"';
  var storage = {
    get: function (k, d) { try { var v = localStorage.getItem("lairside:" + k); return v === null ? d : JSON.parse(v); } catch (e) { return d; } },
    set: function (k, v) { try { localStorage.setItem("lairside:" + k, JSON.stringify(v)); } catch (e) { /* private mode */ } }
  };
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
  // A seat's slip: its QR opens this page with the seat and its claim code, claimed on load.
  var slip = hash.get("seat") && hash.get("claim") ? {seat: hash.get("seat"), code: hash.get("claim")} : null;
  var setupLink = hash.get("setup");
  var root = document.documentElement.dataset.root || "";
  if (setupLink && setupLink.indexOf(root + "/g/" + data.game + "/setup") === 0) { storage.set("table-setup:" + code, setupLink); }
  setupLink = storage.get("table-setup:" + code, null);
  if (location.hash) { history.replaceState(null, "", location.pathname + location.search); }

  var $ = function (sel) { return document.querySelector(sel); };
  var $$ = function (sel) { return Array.prototype.slice.call(document.querySelectorAll(sel)); };
  var esc = function (s) { return String(s == null ? "" : s).replace(/[&<>"']/g, function (c) {
    return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]; }); };
  /* The last shared state this phone saw, kept so the page opens offline as it was left
     (a seat's own view, with its secret, is never kept). */
  var lastKey = "lairside:last:" + code;
  function keepLast(events) {
    if (mine) { return; }
    try {
      var kept = JSON.parse(localStorage.getItem(lastKey) || "null") || {};
      if (events) { kept.events = events; }
      else { kept.version = data.version; kept.state = data.state; kept.setup = data.setup; kept.can_undo = data.can_undo; kept.moves = data.moves; }
      localStorage.setItem(lastKey, JSON.stringify(kept));
    } catch (e) { /* full or private: the page still works online */ }
  }
  try {
    var last = JSON.parse(localStorage.getItem(lastKey) || "null");
    if (last && last.version > data.version && !localStorage.getItem("lairside:seat:" + code)) {
      data.version = last.version; data.state = last.state; data.setup = last.setup; data.can_undo = last.can_undo; data.moves = last.moves || [];
    }
  } catch (e) { /* nothing kept */ }
  var names = {}; data.setup.seats.forEach(function (s) { names[s.id] = s.name; });
  function readHeaders(extra) { var h = extra || {}; if (mine) { h["X-Seat-Token"] = mine.key; } return h; }
  function isPrivate(kind) { return privateKinds.indexOf(kind) >= 0; }
  var shownSecret = false;  // this phone's secret lines: covered until tapped
  function say(text) { if (!vanished) { $("[data-status]").textContent = text; } }
  /* A table deleted (or expired) while this page is open answers 404 (or 410): the page says
     so once, keeps what it shows, and asks the server nothing more. */
  var vanished = false;
  function present(r) {
    if (r.status === 404 || r.status === 410) {
      if (!vanished) {
        $("[data-status]").textContent = "This table no longer exists: it was deleted or it expired. What is shown is the last state this phone saw.";
        $("[data-live]").textContent = "This table no longer exists";
        $("[data-live]").classList.add("bad");
        vanished = true;
      }
      throw new Error("the table is gone");
    }
    return r;
  }
  var releasedSeat = null;  // the seat this phone held until the scorekeeper handed it on
  /* A 403 to this phone's seat token: the scorekeeper handed the seat to another phone. The
     token is forgotten, and the page follows the table as everyone does. */
  function seatEnded(r) {
    if (!mine || r.status !== 403) { return false; }
    releasedSeat = mine.seat; mine = null; shownSecret = false;
    try { localStorage.removeItem(seatKey); } catch (e) { /* private mode */ }
    queue = queue.filter(function (i) { return !i.own; });
    say("This phone no longer holds " + names[releasedSeat] + "'s seat: the scorekeeper handed it to another phone.");
    etag = ""; render(); drawQueue(); loadHistory();
    return true;
  }
  /* What a confirmation names before an own-phone action makes a secret public. */
  function confirmed(d, seatId) {
    if (!d.confirm) { return true; }
    var who = seatId ? names[seatId] + " " : "", said = who + d.confirm;
    if (d.reveals) {
      var v = seatState(data.state, seatId)[d.reveals];
      said += " Everyone will see: " + (v == null || v === "" ? "nothing entered on this phone" : Array.isArray(v) ? v.join(", ") : optionLabel(String(v))) + ".";
    }
    return confirm(said);
  }
  function newKey() { return (window.crypto && crypto.randomUUID) ? crypto.randomUUID()
    : String(Date.now()) + Math.random().toString(16).slice(2); }
  function label(key) { return key.replace(/_/g, " "); }
  /* A key or code as words: "vp_objectives" → "VP objectives", "base-building" → "Base building". */
  function words(key) {
    var w = String(key).split(/[_\-\s]+/).filter(Boolean).map(function (x) { return /^(vp|hq|hqs|cia|tl)$/.test(x) ? x.toUpperCase() : x; });
    if (w.length > 1 && w[w.length - 1] === "text") { w.pop(); }
    var out = w.join(" ");
    return out.charAt(0).toUpperCase() + out.slice(1);
  }
  function shown(value, seatName) {
    if (value === true) { return "yes"; }
    if (value === false) { return "no"; }
    if (value == null) { return seatName ? "nobody" : "?"; }
    if (seatName) { return names[value] || value; }
    return typeof value === "string" && /^[a-z0-9]+([_-][a-z0-9]+)+$/.test(value) ? words(value) : value;
  }
  function skipped(item, seat) { return item.skip && seat && seat[item.skip]; }
  function seatState(st, id) { return st.seats.find(function (s) { return s.id === id; }) || {}; }
  function find(list, key) { return list.find(function (x) { return x.key === key; }); }

  /* This phone remembers the tables it joined (home and /join list them). */
  function remember() {
    var tables = storage.get("tables", []).filter(function (t) { return t.code !== code; });
    tables.unshift({code: code, game: data.game, path: location.pathname,
                    title: meta.game_title + " · " + meta.mode_title, editor: !!token, seen: Date.now()});
    storage.set("tables", tables.slice(0, 12));
  }
  if (token) { body.classList.add("editing"); $("[data-role]").textContent = "keeping score on this phone"; }
  if (setupLink) { var sl = $("[data-setup-link]"); sl.href = setupLink; sl.hidden = false; }

  // --- rendering -------------------------------------------------------------------------

  function stepper(attrs, text, value, mark) {
    return '<div class="row stepper" data-mark="' + esc(mark) + '"><span class="label">' + esc(text) + '</span>' +
      '<button type="button" data-edit ' + attrs + ' data-delta="-1" aria-label="' + esc(text) + ' down">−</button>' +
      '<span class="big" data-value>' + esc(value == null ? "?" : value) + '</span>' +
      '<button type="button" data-edit ' + attrs + ' data-delta="1" aria-label="' + esc(text) + ' up">+</button></div>';
  }

  /* A field's visible label: the game's own description of it (its help), never its name. */
  function fieldLabel(field) {
    return String(field.label || field.help || label(field.name)).replace(/[.:]\s*$/, "");
  }
  function optionLabel(o) {
    if (names[o]) { return names[o]; }
    return words(o);
  }
  /* A field's input under its visible label. `value`: what a move pre-fills (none: the form's
     default, else empty: nothing is sent that nobody said); `enter`: the table types it itself
     (shown empty: what a move holds there is only a stand-in). `when`: [select,
     option] it applies to, or null. `own`: a seat's own-phone form (a secret goes in it): every
     control starts blank (a picker on "Choose…", no number filled in) and goes back to blank
     once saved, so nothing it held stays on screen or in a control. */
  function input(field, prefix, leaveOut, value, enter, when, own) {
    enter = enter || !!own;
    var id = prefix + "-" + field.name, attrs = ' id="' + esc(id) + '" name="' + esc(field.name) + '"';
    var text = esc(fieldLabel(field)), control, given = value != null && !enter;
    var need = field.required ? " required" : "";  /* an optional one left empty: the game's own */
    var cond = when ? ' data-when="' + esc(when[0]) + '" data-is="' + esc(when[1]) + '"' : "";
    if (field.kind === "flag") {
      return '<label class="field check" for="' + esc(id) + '"' + cond + '><input' + attrs + ' type="checkbox"' +
        ((given ? value : field.default) ? " checked" : "") + '><span>' + text + '</span></label>';
    }
    var pick = given ? value : enter ? null : field.default;
    function options(list) {  /* [value, words] pairs, the picked one selected; none picked: asked */
      var none = pick == null && (enter || !field.required);
      return (none ? '<option value=""' + (pick == null ? " selected" : "") + '>' + (enter || field.required ? "Choose…" : "–") + '</option>' : "") +
        list.map(function (p) {
          return '<option value="' + esc(p[0]) + '"' + (String(p[0]) === String(pick) ? " selected" : "") + '>' + esc(p[1]) + '</option>'; }).join("");
    }
    if (field.kind === "oneof") {
      control = '<select' + attrs + need + '>' + options(field.options.filter(function (o) { return (leaveOut || []).indexOf(o) < 0; })
        .map(function (o) { return [o, optionLabel(o)]; })) + '</select>';
    } else if (field.seat || field.choices) {
      /* A name picked from a list: the table's seats (sent as their ids) or the game's own list. */
      control = '<select' + attrs + need + '>' + options(field.seat ? data.setup.seats.map(function (s) { return [s.id, s.name]; })
        : field.choices.map(function (c) { return [c, c]; })) + '</select>';
    } else if (field.kind === "integer") {
      var number = given ? value : !enter && field.default != null ? field.default : "";
      control = '<input' + attrs + ' type="number" inputmode="numeric" class="num-input"' +
        (field.minimum != null ? ' min="' + field.minimum + '"' : "") +
        (field.maximum != null ? ' max="' + field.maximum + '"' : "") +
        ' value="' + esc(number) + '"' + need + '>';
    } else {
      control = '<input' + attrs + ' type="text" maxlength="' + (field.max_length || 80) + '" autocomplete="off"' +
        (given ? ' value="' + esc(value) + '"' : "") + need + ' class="text-input">';
    }
    return '<span class="field' + (field.kind === "text" && !field.seat && !field.choices ? " wide" : "") + '"' + cond + '><label for="' + esc(id) + '">' +
      text + '</label>' + control + '</span>';
  }
  /* The fields of one form, each under its label; a field whose words begin with one option
     of another field ("Addict: ...") applies to that option only, so it shows only then. */
  function fieldsHtml(fields, prefix, leaveOut, values, enter, own) {
    var picks = fields.filter(function (f) { return f.kind === "oneof"; });
    return fields.map(function (f) {
      var head = String(f.help || "").split(":")[0].toLowerCase(), when = null;
      picks.forEach(function (g) {
        g.options.forEach(function (o) { if (g !== f && optionLabel(o).toLowerCase() === head) { when = [g.name, o]; } });
      });
      return input(f, prefix, leaveOut, values ? values[f.name] : undefined, (enter || []).indexOf(f.name) >= 0, when, own);
    }).join("");
  }
  /* Show a form's fields for the option picked only; a field hidden is neither sent nor needed. */
  function applies(form) {
    Array.prototype.forEach.call(form.querySelectorAll("[data-when]"), function (w) {
      var pick = form.elements[w.dataset.when], on = !!pick && pick.value === w.dataset.is;
      w.hidden = !on;
      Array.prototype.forEach.call(w.querySelectorAll("input, select"), function (el) { el.disabled = !on; });
    });
  }

  /* Whether this phone shows the action for the seat now (actionHtml draws nothing otherwise). */
  function shows(action, seat, st) {
    if (skipped(action, seat) || (action.unless && st[action.unless])) { return false; }
    var owned = isPrivate(action.event) || action.own_phone;  /* written from the seat's own phone */
    return !owned || !!(mine && seat && seat.id === mine.seat);
  }
  function actionHtml(action, seat, st) {
    if (!shows(action, seat, st)) { return ""; }
    var owned = isPrivate(action.event) || action.own_phone;
    var edit = owned ? " data-own" : " data-edit";
    var seatAttr = seat ? ' data-seat-id="' + esc(seat.id) + '"' : "";
    var asks = (action.confirm ? ' data-confirm="' + esc(action.confirm) + '"' : "") +
      (action.reveals ? ' data-reveals="' + esc(action.reveals) + '"' : "");
    if (!action.asks.length) {
      return '<button type="button"' + edit + ' data-action="' + esc(action.event) + '"' + seatAttr +
        ' data-label="' + esc(action.label) + '"' + asks + '>' + esc(action.label) + '</button>';
    }
    var fields = (forms[action.event] || []).filter(function (f) { return action.asks.indexOf(f.name) >= 0; });
    var prefix = "a" + board.actions.indexOf(action) + (owned ? "-own" : "") + (seat ? "-" + seat.id : "");
    return '<form class="action-form"' + edit + ' data-action-form="' + esc(action.event) + '"' + seatAttr +
      ' data-label="' + esc(action.label) + '"' + asks + '>' + fieldsHtml(fields, prefix, action.leave_out, undefined, undefined, owned) +
      '<button type="submit">' + esc(action.label) + '</button></form>';
  }
  /* Actions with forms as a menu of titles: one opens its form (built then), one open at a time. */
  function menuHtml(actions, seat, open) {
    return actions.map(function (a) {
      var key = "act-" + board.actions.indexOf(a) + (seat ? "-" + seat.id : ""), on = (open || []).indexOf(key) >= 0;
      return '<details class="action" data-edit data-keep="' + esc(key) + '" data-act="' + board.actions.indexOf(a) + '"' +
        (seat ? ' data-act-seat="' + esc(seat.id) + '"' : "") + (on ? " open" : "") + '><summary>' + esc(a.label) + '</summary>' +
        (on ? actionHtml(a, seat, data.state) : "") + '</details>';
    }).join("");
  }

  /* --- the moves the rules allow now (the session's `moves` for this phone): the table's on
     the scorekeeper's phone, a seat's own on its phone. One with nothing to check is sent in
     one tap; one with fields opens its small form, filled in where the rules fix the value and
     empty where the table enters it (open, save). */
  var openMove = "", FEW = 3;  /* the move whose form is open: its body */
  function moveKey(m) { return JSON.stringify(m.body); }
  function myMoves() {
    return (data.moves || []).map(function (m, i) { return {m: m, i: i}; })
      .filter(function (x) { return x.m.own ? !!mine : !!token; });
  }
  /* The board's action a move is made with, as the server picked it (assistant/tracker/
     offers.py): this phone's kind of action, the one asking most of what the move holds. */
  function moveAction(m) {
    var own = !!m.own || isPrivate(m.body.kind), kind = board.actions.filter(function (a) { return a.event === m.body.kind; });
    var mine = kind.filter(function (a) { return !!a.own_phone === own; });
    function held(a) { return a.asks.filter(function (f) { return f in m.body; }).length; }
    return (mine.length ? mine : kind).reduce(function (best, a) { return !best || held(a) > held(best) ? a : best; }, null) || {leave_out: []};
  }
  function moveButton(x, primary, from) {
    var asks = x.m.asks.length > 0;
    return '<button type="button" class="move' + (primary ? " first" : "") + '" data-move="' + x.i + '"' +
      (from != null ? ' data-from="' + from + '"' : "") +
      (asks ? ' aria-expanded="' + (openMove === moveKey(x.m)) + '"' : "") + '>' + esc(x.m.label) + (asks ? "…" : "") + '</button>';
  }
  function moveForm(x) {
    var m = x.m, fields = (forms[m.body.kind] || []).filter(function (f) { return m.asks.indexOf(f.name) >= 0; });
    return '<form class="action-form move-form" data-move-form="' + x.i + '">' +
      fieldsHtml(fields, "m-" + m.body.kind + "-" + (m.body.seat || ""), moveAction(m).leave_out, m.body, m.enter) +
      '<button type="submit" class="save">Save</button></form>';
  }
  function drawMoves() {
    var list = myMoves(), section = $("[data-next]");
    /* the version the strip's moves are for (one behind while a write's read is on its way) */
    section.setAttribute("data-moves-at", data.movesAt == null ? data.version : data.movesAt);
    if (!list.some(function (x) { return moveKey(x.m) === openMove; })) { openMove = ""; }
    section.hidden = !list.length;
    function one(x, n) { return moveButton(x, n === 0) + (openMove === moveKey(x.m) ? moveForm(x) : ""); }
    /* the first few in view (the first carries the game on); the others one tap away */
    var more = list.slice(FEW), wasOpen = $("[data-more-moves]") ? $("[data-more-moves]").open
      : more.some(function (x) { return moveKey(x.m) === openMove; });
    $("[data-moves]").innerHTML = list.slice(0, FEW).map(one).join("") + (more.length ?
      '<details class="more-moves" data-more-moves' + (wasOpen ? " open" : "") + '><summary>' + more.length +
      ' more</summary><div class="moves">' + more.map(function (x, n) { return one(x, n + FEW); }).join("") + '</div></details>' : "");
    var form = $("[data-move-form]"); if (form) { applies(form); }
  }
  function openMoveForm(i) {
    var m = data.moves[i]; if (!m) { return; }
    openMove = openMove === moveKey(m) ? "" : moveKey(m);
    $$("details.action[open]").forEach(function (d) { d.open = false; });  /* one thing open at a time */
    drawMoves();
    var form = $("[data-move-form]");
    if (form) {
      form.scrollIntoView({block: "nearest"});
      var first = form.querySelector("input:not([type=checkbox]):not(:disabled), select"); if (first) { first.focus(); }
    }
  }

  function scoreboard(st) {
    var cols = board.counters.map(function (c) { return {label: c.label, get: function (s) { return s[c.key]; }, mark: function (id) { return "c:" + id + ":" + c.key; }}; })
      .concat(board.toggles.map(function (t) { return {label: t.label, get: function (s) { return (s[t.key] || []).join(" ") || "–"; }, mark: function (id) { return "t:" + id + ":" + t.key; }}; }));
    var head = '<caption>' + esc(board.tracks.map(function (t) { return t.label + " " + shown(st[t.key]); }).concat(
      board.shows.map(function (s) { return s.label + ": " + shown(st[s.key], s.seat_name); })).join(" · ")) + '</caption>' +
      '<thead><tr><th scope="col">' + esc(meta.mode_title) + '</th>' + cols.map(function (c) { return '<th scope="col">' + esc(c.label) + '</th>'; }).join("") + '</tr></thead>';
    return head + '<tbody>' + data.setup.seats.map(function (seat) {
      var s = seatState(st, seat.id);
      return '<tr><th scope="row">' + esc(seat.name) + '</th>' + cols.map(function (c) {
        var v = c.get(s); return '<td data-mark="' + esc(c.mark(seat.id)) + '">' + esc(v == null ? "–" : v) + '</td>'; }).join("") + '</tr>';
    }).join("") + '</tbody>';
  }

  /* A seat's counters and toggles, its lines, secret, buttons and forms: what its fold opens. */
  function seatBody(seat, s, st, open) {
    var html = "";
    board.counters.forEach(function (c) {
      if (!skipped(c, seat)) { html += stepper('data-counter="' + esc(c.key) + '"', c.label, s[c.key], "c:" + seat.id + ":" + c.key); }
    });
    board.toggles.forEach(function (tg) {
      if (skipped(tg, seat)) { return; }
      var on = s[tg.key] || [];
      html += '<div class="row" data-mark="t:' + esc(seat.id) + ':' + esc(tg.key) + '"><span class="label">' + esc(tg.label) + '</span>' + tg.numbers.map(function (n) {
        return '<button type="button" data-toggle="' + esc(tg.key) + '" data-n="' + n + '" aria-pressed="' +
          (on.indexOf(n) >= 0) + '"' + (token ? "" : " disabled") + '>' + n + '</button>'; }).join("") + '</div>';
    });
    var own = mine && mine.seat === seat.id, secrets = board.secret_lines || [];
    var lines = board.seat_lines.filter(function (k) { return s[k] != null && s[k] !== false && s[k] !== "" && !(own && secrets.indexOf(k) >= 0); });
    function line(k) {  /* a text line is shown as the game wrote it; a number or flag under its key's words */
      var v = s[k];
      if (typeof v === "string") { return esc(v); }
      if (v === true) { return esc(words(k)); }
      if (Array.isArray(v)) { return esc(words(k) + ": " + (v.map(function (x) { return names[x] || x; }).join(", ") || "none")); }
      return esc(words(k) + ": " + shown(v)); }
    if (lines.length) {
      html += '<p class="muted" data-mark="l:' + esc(seat.id) + '">' + lines.map(line).join(" · ") + '</p>';
    }
    var hidden = own ? secrets.filter(function (k) { return s[k] != null; }) : [];
    if (hidden.length) {  /* this phone's secret: not on the page at all until tapped (no hidden or
                             screen-reader text), taken off again on a second tap */
      html += '<div class="secret"><button type="button" data-secret aria-expanded="' + shownSecret + '">' +
        (shownSecret ? "Hide my secret" : "Show my secret") + '</button>' +
        (shownSecret ? '<p data-secret-text>' + hidden.map(line).join(" · ") + '</p>' : "") + '</div>';
    }
    var seatActions = board.actions.filter(function (a) { return a.per_seat; });
    var buttons = seatActions.filter(function (a) { return !a.asks.length; }).map(function (a) { return actionHtml(a, seat, st); }).join("");
    if (buttons) { html += '<div class="row">' + buttons + '</div>'; }
    /* The seat's own-phone forms stay open on its card; the table's fold away, so seven seats
       stay a few screens long. */
    var asking = seatActions.filter(function (a) { return a.asks.length && shows(a, seat, st); });
    var ownForms = asking.filter(function (a) { return isPrivate(a.event) || a.own_phone; });
    var tableForms = asking.filter(function (a) { return ownForms.indexOf(a) < 0; });
    html += ownForms.map(function (a) { return actionHtml(a, seat, st); }).join("");
    if (tableForms.length) {  /* titles only: a form is built when its title opens */
      var more = (open || []).indexOf("more-" + seat.id) >= 0;
      html += '<details class="seat-more" data-edit data-keep="more-' + esc(seat.id) + '" data-more="' + esc(seat.id) + '"' +
        (more ? " open" : "") + '><summary>More actions</summary><div class="menu">' + menuHtml(tableForms, seat, open) + '</div></details>';
    }
    if (privateKinds.length && !mine) {
      html += '<button type="button" data-claim="' + esc(seat.id) + '">This is my seat</button>';
    } else if (mine && mine.seat === seat.id) {
      html += '<p class="muted">This phone holds this seat: its secrets show here only.</p>';
    }
    if (releasedSeat === seat.id) {
      html += '<p class="warn" data-released>The scorekeeper handed this seat to another phone: this phone no longer holds it, and what it entered stays hidden.</p>';
    }
    return html;
  }

  /* The seat's counts in its fold's summary (each flashes with its stepper when it changes). */
  function figures(seat, s) {
    return board.counters.filter(function (c) { return !skipped(c, seat); }).map(function (c) {
      return '<span data-mark="s:' + esc(seat.id) + ':' + esc(c.key) + '">' + esc(c.label) + " " + esc(s[c.key] == null ? "?" : s[c.key]) + '</span>';
    }).join(" ");
  }
  /* An action's form, built the first time its title opens. */
  function fillAction(fold) {
    if (fold.querySelector("form")) { return; }
    var seat = data.setup.seats.find(function (x) { return x.id === fold.dataset.actSeat; }) || null;
    fold.insertAdjacentHTML("beforeend", actionHtml(board.actions[Number(fold.dataset.act)], seat, data.state));
    var form = fold.querySelector("form"); if (form) { applies(form); }
  }
  /* A seat's fold drawn with its summary only (the page's first task) gets the rest. */
  function fillSeat(fold) {
    if (fold.children.length > 1) { return; }
    var id = fold.parentNode.dataset.seat, seat = data.setup.seats.find(function (x) { return x.id === id; });
    if (seat) { fold.insertAdjacentHTML("beforeend", seatBody(seat, seatState(data.state, id), data.state, [])); }
  }
  /* The seat in hand: the one this phone last opened, else its own seat, else the first. */
  var openKey = "open-seat:" + code, openSeat = storage.get(openKey, null);
  if (openSeat === null) { openSeat = mine ? mine.seat : (data.setup.seats[0] || {}).id; }
  document.addEventListener("toggle", function (e) {  /* (toggle does not bubble: caught on its way down) */
    var fold = e.target;
    if (fold.dataset && fold.dataset.act && fold.open) {  /* one action's form open at a time */
      fillAction(fold); openMove = "";
      $$("details.action[open]").forEach(function (d) { if (d !== fold) { d.open = false; } });
      $$("[data-moves] [aria-expanded=true]").forEach(function (b) { b.setAttribute("aria-expanded", "false"); });
      $$("[data-move-form]").forEach(function (f) { f.remove(); });
      return;
    }
    if (!fold.classList || !fold.classList.contains("seat-fold")) { return; }
    var id = fold.parentNode.dataset.seat;
    if (fold.open) {
      fillSeat(fold);
      openSeat = id;
      $$("details.seat-fold[open]").forEach(function (d) { if (d !== fold) { d.open = false; } });
    } else if (openSeat === id) { openSeat = ""; }
    storage.set(openKey, openSeat);
  }, true);

  function render(first) {
    var st = data.state, kept = keep(), folds = $$("details.seat-fold");
    if (folds.length) {  /* what is on screen wins over a toggle event not yet delivered */
      var shownOpen = folds.find(function (d) { return d.open; });
      openSeat = shownOpen ? shownOpen.parentNode.dataset.seat : "";
    }
    $("[data-version]").textContent = data.version;
    var t = "";
    board.tracks.forEach(function (track) {
      t += stepper('data-track="' + esc(track.key) + '"', track.label, st[track.key], "k:" + track.key);
    });
    board.shows.forEach(function (show) {
      t += '<p class="show" data-mark="k:' + esc(show.key) + '"><span class="label">' + esc(show.label) + ':</span> <b data-show="' +
        esc(show.key) + '">' + esc(shown(st[show.key], show.seat_name)) + '</b></p>';
    });
    var plain = board.actions.filter(function (a) { return !a.per_seat && !a.asks.length; });
    if (plain.length) { t += '<div class="row" data-edit>' + plain.map(function (a) { return actionHtml(a, null, st); }).join("") + '</div>'; }
    $("[data-tracks]").innerHTML = t;
    drawMoves();
    var html = "";
    data.setup.seats.forEach(function (seat) {
      var s = seatState(st, seat.id), open = seat.id === openSeat;
      /* One fold per seat, only the seat in hand open: its summary reads the seat's counts, so
         seven seats fit a screen or two; opening one closes the others. */
      html += '<article class="seat" data-seat="' + esc(seat.id) + '"><details class="seat-fold"' + (open ? " open" : "") +
        '><summary><span class="seat-name">' + esc(seat.name) + '</span>' +
        (seat.player ? ' <span class="muted">(' + esc(seat.player) + ')</span>' : "") +
        (seat.team ? ' <span class="muted">team ' + esc(seat.team) + '</span>' : "") +
        '<span class="seat-figures">' + figures(seat, s) + '</span></summary>';
      if (open || !first) { html += seatBody(seat, s, st, kept.open); }  /* (first: the others come next) */
      html += '</details></article>';
    });
    $("[data-seats]").innerHTML = html;
    if (compact) { $("[data-scoreboard]").innerHTML = scoreboard(st); }  /* drawn when shown */
    var tableMenu = board.actions.filter(function (a) { return !a.per_seat && a.asks.length; });
    $("[data-table-actions]").innerHTML = tableMenu.length ? '<div class="menu" data-edit>' + menuHtml(tableMenu, null, kept.open) + '</div>' : "";
    var undo = $("[data-undo]"); if (undo) { undo.disabled = !data.can_undo; }
    kept();
    $$("details.action[open] form").forEach(applies);
    if (failed.length) { drawQueue(); }  /* a refusal offers the moves of now */
    body.classList.add("drawn");  /* shown whole at once: nothing on screen moves as it is drawn */
  }

  /* A redraw keeps what the player was doing: open folds and values typed but not sent. */
  function keep() {
    var open = $$("details[data-keep]").filter(function (d) { return d.open; }).map(function (d) { return d.dataset.keep; });
    var typed = $$("form[data-action-form] [id], form[data-move-form] [id]").map(function (el) { return [el.id, el.type === "checkbox" ? el.checked : el.value]; });
    var focused = document.activeElement && document.activeElement.id;
    function restore() {
      open.forEach(function (k) { var d = document.querySelector('details[data-keep="' + k + '"]'); if (d) { d.open = true; } });
      typed.forEach(function (t) {
        var el = document.getElementById(t[0]); if (!el) { return; }
        if (el.type === "checkbox") { el.checked = t[1]; } else { el.value = t[1]; }
      });
      var f = focused && document.getElementById(focused); if (f) { f.focus(); }
    }
    restore.open = open;
    return restore;
  }

  /* What changed between two states, as the data-mark names of the rows that show it. */
  function changes(before, after) {
    var out = [];
    function differ(a, b) { return JSON.stringify(a) !== JSON.stringify(b); }
    board.tracks.concat(board.shows).forEach(function (t) { if (differ(before[t.key], after[t.key])) { out.push("k:" + t.key); } });
    data.setup.seats.forEach(function (seat) {
      var a = seatState(before, seat.id), b = seatState(after, seat.id);
      board.counters.forEach(function (c) { if (differ(a[c.key], b[c.key])) { out.push("c:" + seat.id + ":" + c.key, "s:" + seat.id + ":" + c.key); } });
      board.toggles.forEach(function (g) { if (differ(a[g.key], b[g.key])) { out.push("t:" + seat.id + ":" + g.key); } });
      if (board.seat_lines.some(function (k) { return differ(a[k], b[k]); })) { out.push("l:" + seat.id); }
    });
    return out;
  }
  function highlight(marks) {
    marks.forEach(function (m) {
      $$('[data-mark="' + m.replace(/"/g, "") + '"]').forEach(function (el) {
        el.classList.remove("changed"); void el.offsetWidth; el.classList.add("changed");
      });
    });
  }

  /* An entry's time as the phone's clock reads it, 24-hour "HH:MM": written by hand, because
     the first toLocaleTimeString loads the locale's date data, a long task on a slow phone. */
  function time(iso) {
    var d = new Date(iso);
    if (isNaN(d.getTime())) { return ""; }
    return ("0" + d.getHours()).slice(-2) + ":" + ("0" + d.getMinutes()).slice(-2);
  }
  var lastEvents = [];
  var ownSeqs = storage.get("own:" + code, []);   // the changes this phone made
  /* One history read at a time: changes arriving faster than it answers (a busy table, a
     phone catching up) ask once more when it is done, never a queue of reads that would hold
     up every other request of this page. */
  var historyAsking = false, historyAgain = false;
  function loadHistory() {
    if (historyAsking) { historyAgain = true; return; }
    historyAsking = true; historyAgain = false;
    fetch(api + "/events?after=" + Math.max(0, data.version - 30), {headers: readHeaders()}).then(function (r) {
      if (seatEnded(r)) { throw new Error("seat handed on"); }
      return present(r).json();
    }).then(function (j) {
      if (!j.events) { throw new Error("no events"); }
      lastEvents = j.events; drawHistory(); keepLast(lastEvents);
    }).catch(function () {
      var kept = mine ? null : storage.get("last:" + code, null);  /* offline: the history kept */
      if (!lastEvents.length && kept && kept.events) { lastEvents = kept.events; drawHistory(); }
    }).then(function () {
      historyAsking = false;
      if (historyAgain) { loadHistory(); }
    });
  }
  /* A history line as this phone shows it: its own private entries covered until "Show my
     secret" is tapped. */
  function covered(e) {
    var mineOnly = mine && e.event && isPrivate(e.event.kind) && e.event.seat === mine.seat;
    return mineOnly && !shownSecret ? names[mine.seat] + ": a private entry (Show my secret to read it)" : e.text;
  }
  /* The change the table's Undo takes back: its own newest, never a seat's own entry. */
  function tableLast() {
    for (var i = lastEvents.length - 1; i >= 0; i--) {
      var ev = lastEvents[i].event || {};
      if (!isPrivate(ev.kind) && !((ev.kind === "undo" || ev.kind === "revert" || ev.kind === "release") && ev.seat)) { return lastEvents[i]; }
    }
    return null;
  }
  function drawHistory() {
      $("[data-history]").innerHTML = lastEvents.slice().reverse().map(function (e) {
        var text = covered(e);
        return '<li value="' + e.seq + '"><span class="when">' + esc(time(e.at)) + '</span> ' + esc(text) +
          (ownSeqs.indexOf(e.seq) >= 0 ? ' <span class="who">(this phone)</span>' : "") + (token && e.seq < data.version ?
          ' <button type="button" class="link" data-revert="' + e.seq + '">back to here</button>' : "") + '</li>';
      }).join("");
      var last = lastEvents[lastEvents.length - 1];
      var redo = $("[data-redo]");
      if (redo) { redo.hidden = !(last && last.event && last.event.kind === "undo" && last.seq === data.version); }
      var undo = $("[data-undo]"), back = tableLast();
      if (undo) {
        $("[data-undo-what]").textContent = back && data.can_undo ? "Undo takes back: " + covered(back) : "Nothing to undo.";
      }
  }

  function accept(j, r) {
    if (j.version < data.version) { return; }
    var before = data.state;
    data.version = j.version; data.state = j.state; data.can_undo = j.can_undo; data.moves = j.moves || [];
    data.movesAt = j.moves ? j.version : -1;  /* a write's answer: the moves come with the read */
    if (j.setup) { data.setup = j.setup; }
    etag = (r && r.headers.get("ETag")) || '"v' + j.version + (j.seat ? "-" + j.seat : "") + '"';
    render();
    keepLast();
    highlight(changes(before, data.state));
    loadHistory();
    loadScore();
  }

  function refresh() {
    if (vanished) { return Promise.resolve(); }
    return fetch(api, {headers: readHeaders({"If-None-Match": etag}), cache: "no-store"}).then(present).then(function (r) {
      if (r.status === 200) { return r.json().then(function (j) { accept(j, r); }); }
      if (seatEnded(r)) { return reread(); }
    });
  }
  /* This phone now reads the table as another seat (or as everyone): the same version read
     again is the same table seen otherwise, so a tap waiting on it is based on it (not in
     conflict with it); a tap made while this read is out waits for it. */
  function reread() {
    var before = data.state, at = data.version;
    etag = "";
    return refresh().then(function () { if (data.version === at) { rebaseOwn(before); } });
  }

  // --- following live: a stream of versions (Server-Sent Events, read with fetch so a seat's
  // token travels in a header; a dropped stream resumes after the version shown), the long
  // poll only where a stream cannot be opened ---------------------------------------------------

  var following = false, failures = 0, streams = !!(window.ReadableStream && window.TextDecoder);
  /* Ends the stream or long poll open now, to follow again at once as this phone is now (a
     seat claimed: its own view; a seat handed on: the table's). */
  var refollow = function () {}, signal;
  /* A server full of followers answers 503 with Retry-After: this phone then reads the table
     every Retry-After seconds (a 304 while nothing changed) and asks to follow again after a
     few reads. */
  var politeUntil = 0, politeEvery = 0;
  function follow() {
    if (following || vanished) { return; }
    following = true;
    var ctl = window.AbortController ? new AbortController() : null;
    signal = ctl ? ctl.signal : undefined;
    refollow = function () { if (ctl) { ctl.abort(); } };
    var polite = Date.now() < politeUntil;
    (polite ? refresh().then(function () { live(true); pump(); }) : streams ? stream() : poll()).then(function () { failures = 0; }, function (e) {
      if (e && e.name === "AbortError") { failures = 0; return; }
      if (e && e.full) { return; }
      failures += 1; live(false);
    }).then(function () {
      following = false;
      var pause = Date.now() < politeUntil ? politeEvery : failures ? Math.min(10000, 500 * Math.pow(2, failures)) : 0;
      setTimeout(follow, pause);
    });
  }
  function full(r) {
    var seconds = parseInt(r.headers.get("Retry-After"), 10);
    politeEvery = 1000 * (seconds > 0 ? Math.min(seconds, 300) : 15) * (0.8 + 0.4 * Math.random());
    politeUntil = Date.now() + 4 * politeEvery;
    live(true);
    var e = new Error("the server holds as many followers as it may"); e.full = true;
    throw e;
  }
  function stream() {
    return fetch(api + "/stream?after=" + data.version, {headers: readHeaders(), cache: "no-store", priority: "low", signal: signal}).then(present).then(function (r) {
      if (seatEnded(r)) { return; }  /* followed again at once, as everyone follows */
      if (r.status === 503) { full(r); }
      if (r.status !== 200 || !r.body) { streams = false; throw new Error("no stream: " + r.status); }
      live(true); pump();
      var reader = r.body.getReader(), decoder = new TextDecoder(), text = "";
      function next() {
        return reader.read().then(function (part) {
          if (part.done) { return; }
          text += decoder.decode(part.value, {stream: true});
          for (var end = text.indexOf("\n\n"); end >= 0; end = text.indexOf("\n\n")) {
            message(text.slice(0, end)); text = text.slice(end + 2);
          }
          return next();
        });
      }
      return next();
    });
  }
  function message(lines) {
    var kind = "", body = "";
    lines.split("\n").forEach(function (line) {
      if (line.indexOf("event: ") === 0) { kind = line.slice(7); }
      if (line.indexOf("data: ") === 0) { body += line.slice(6); }
    });
    if (kind === "session" && body) {
      var j = JSON.parse(body);
      if (sending) { arrived = j; } else if (j.version > data.version) { accept(j); pump(); }
    }
  }
  /* What the stream brought while this phone's own write was on its way: taken after the
     write's own answer, so that answer's rebase of the queue sees the state it was sent on. */
  var arrived = null;
  function takeArrived() {
    var j = arrived; arrived = null;
    if (j && j.version > data.version) { accept(j); }
  }
  function poll() {
    return fetch(api + "/wait?after=" + data.version + "&timeout=20", {headers: readHeaders(), cache: "no-store", priority: "low", signal: signal}).then(present).then(function (r) {
      if (r.status === 200) { return r.json().then(function (j) { live(true); if (j.version > data.version) { accept(j, r); } pump(); }); }
      if (r.status === 204) { live(true); pump(); return; }
      if (seatEnded(r)) { return; }
      if (r.status === 503) { full(r); }
      throw new Error("status " + r.status);
    });
  }
  function live(ok) {
    if (vanished) { return; }
    $("[data-live]").textContent = ok ? "live" : "offline: showing the last state seen";
    $("[data-live]").classList.toggle("bad", !ok);
  }

  // --- writing: a queue of intents ------------------------------------------------------------

  var queueKey = "queue:" + code;
  var queue = storage.get(queueKey, []);   // intents not yet accepted, in tap order
  var sending = false;
  /* Kept on the phone for a reload; a seat's own taps only in memory (a secret is never
     written to the phone's storage). */
  function saveQueue() { storage.set(queueKey, queue.filter(function (i) { return !i.own; })); drawQueue(); }

  /* The part of the state an intent depends on; if another phone changed it, ask first. */
  function target(intent, st) {
    if (intent.type === "track") { return JSON.stringify(st[intent.key]); }
    if (intent.type === "counter") { return JSON.stringify(seatState(st, intent.seat)[intent.key]); }
    if (intent.type === "toggle") { return JSON.stringify(seatState(st, intent.seat)[intent.key]); }
    return JSON.stringify(st);
  }
  function stepped(spec, current, delta) {
    if (spec.delta) { return delta; }
    var v = (current == null ? spec.minimum : current) + delta;
    return v >= spec.minimum && v <= spec.maximum ? v : null;
  }
  /* [path, body] for the intent on state `st`, or null when it makes no sense any more. */
  function plan(intent, st) {
    var ev;
    if (intent.type === "track") {
      var track = find(board.tracks, intent.key), v = stepped(track, st[track.key], intent.delta);
      if (v == null) { return null; }
      ev = {kind: track.event}; ev[track.field] = v; return ["/events", ev];
    }
    if (intent.type === "counter") {
      var counter = find(board.counters, intent.key);
      var c = stepped(counter, seatState(st, intent.seat)[counter.key], intent.delta);
      if (c == null) { return null; }
      ev = {kind: counter.event, seat: intent.seat}; ev[counter.field] = c; return ["/events", ev];
    }
    if (intent.type === "toggle") {
      var toggle = find(board.toggles, intent.key);
      ev = {kind: toggle.event, seat: intent.seat}; ev[toggle.field] = intent.n; ev[toggle.on] = intent.on;
      return ["/events", ev];
    }
    if (intent.type === "event") { return ["/events", intent.event]; }
    if (intent.type === "undo") { return ["/undo", {}]; }
    if (intent.type === "revert") { return ["/revert", {to_version: intent.to}]; }
    return null;
  }

  function tap(intent) {
    intent.idem = newKey();
    intent.seen = target(intent, data.state);
    intent.version = data.version;
    intent.status = "queued";
    queue.push(intent);
    saveQueue();
    pump();
  }

  /* Our own accepted write moves the others' baseline with it (not a conflict). */
  function rebaseOwn(before) {
    queue.forEach(function (i) {
      if (i.status === "queued" && i.seen === target(i, before)) { i.seen = target(i, data.state); i.version = data.version; }
    });
  }

  async function pump() {
    if (sending || vanished) { return; }
    sending = true;
    try {
      while (queue.length) {
        var item = queue[0];
        if (item.status !== "queued") { break; }       // a conflict waits for an answer
        var done = await send(item);
        if (done === "stop") { break; }
      }
    } finally {
      sending = false; takeArrived(); drawQueue();
      if (movesStale && !queue.length) { movesStale = false; readMoves(); }
    }
  }
  /* A write's answer carries the new state but not the moves the rules allow next: those come
     with the table's read at that version (one kept answer for every phone at it). */
  var movesStale = false;
  function readMoves() {
    fetch(api, {headers: readHeaders(), cache: "no-store"}).then(present).then(function (r) {
      if (r.status !== 200) { return; }
      return r.json().then(function (j) {
        if (j.version > data.version) { accept(j, r); }
        else if (j.version === data.version) { data.moves = j.moves || []; data.movesAt = j.version; render(); }
      });
    }).catch(function () { movesStale = true; /* offline: asked after the next write */ });
  }

  /* Another phone changed what this tap changes, after the tap: show what it did, and ask. */
  async function conflict(item) {
    item.status = "conflict";
    item.meanwhile = await meanwhile(item.version);
    saveQueue();
    say("Another phone changed this first: see below.");
    return "stop";
  }

  async function send(item) {
    if (!etag) { try { await reread(); } catch (e) { return "stop"; } }
    if (target(item, data.state) !== item.seen) { return conflict(item); }
    var p = plan(item, data.state);
    if (!p) { queue.shift(); saveQueue(); say("Not sent: " + item.label + " is already at its limit."); return "next"; }
    say("Saving " + item.label + "…");
    var headers = {"Content-Type": "application/json", "If-Match": etag, "Idempotency-Key": item.idem};
    if (item.own) { headers["X-Seat-Token"] = mine && mine.key; } else { headers.Authorization = "Bearer " + token; }
    var r;
    try {
      r = await fetch(api + p[0], {method: "POST", body: JSON.stringify(p[1] || {}), headers: headers});
    } catch (e) {
      say("No connection: " + queue.length + " change" + (queue.length === 1 ? "" : "s") + " waiting, sent in order when it is back.");
      return "stop";
    }
    try { present(r); } catch (e) { return "stop"; }  /* the table is gone: the tap stays queued */
    if (r.status === 201) {
      var j = await r.json(), before = data.state;
      queue.shift(); saveQueue();
      ownSeqs.push(j.event.seq); storage.set("own:" + code, ownSeqs.slice(-300));
      accept(j, r);
      if (!j.moves) { movesStale = true; }
      rebaseOwn(before);
      saveQueue();
      /* a private entry is never repeated; an owner's reveal is public now, and said as such */
      say(item.own && isPrivate(j.event.event && j.event.event.kind) ? "Saved on this phone only." : "Saved: " + j.event.text);
      return "next";
    }
    if (r.status === 412 || r.status === 428) {  // sent again (new key) only if what it changes was left alone
      try { await refresh(); } catch (e) { return "stop"; }
      item.idem = newKey(); saveQueue();
      return "next";
    }
    if (r.status === 429) {
      say("Too many taps at once; trying again in a moment.");
      await new Promise(function (res) { setTimeout(res, 2000); });
      return "next";
    }
    if (item.own && seatEnded(r)) { saveQueue(); return "next"; }  /* its own taps went with it */
    var problem = {}; try { problem = await r.json(); } catch (e) { /* not JSON */ }
    var detail = refusal(problem, p[1] && p[1].kind);
    item.status = "failed";
    item.detail = (detail || "Not saved (" + r.status + ").") + (r.status === 403 ? " This phone has no edit link for this table." : "");
    item.rule = problem.rule && problem.rule.page ? {title: problem.rule.title, page: problem.rule.page} : null;
    item.next = problem.next || [];
    queue.shift(); failed.push(item); saveQueue();
    say("Not saved: " + item.label + ".");
    return "next";
  }
  var failed = [];

  /* A refusal in the table's words, said once: the rule's own sentence (a form's refusal: each
     field's problem under the label the form shows, never a field name). What the rules
     allow now is offered as buttons beside it (drawQueue), so its sentence is left out. */
  function refusal(problem, kind) {
    var detail = String(problem.detail || ""), now = detail.indexOf("What can be done now:");
    if (now >= 0) { detail = detail.slice(0, now).trim(); }
    if (!/validation$/.test(problem.type || "")) { return detail; }
    var fields = forms[kind] || [];
    return Object.keys(problem.errors || {}).map(function (name) {
      var field = fields.find(function (f) { return f.name === name.split(".")[0]; });
      var text = (problem.errors[name] || []).join(" ");
      return field && text.indexOf(field.help) < 0 ? fieldLabel(field) + ": " + text : text;
    }).join(" ") || detail;
  }
  /* The moves a refusal's `next` names, as this phone may send them: buttons; where none is
     this phone's, their names. */
  function nextHtml(item, at) {
    var offered = myMoves().filter(function (x) { return (item.next || []).indexOf(x.m.body.kind) >= 0; });
    if (offered.length) {
      return '<p class="offered">What can be done now:</p><div class="moves">' + offered.map(function (x) {
        return moveButton(x, false, at); }).join("") + '</div>';
    }
    return item.next && item.next.length ? '<p>What can be done now: ' + esc(item.next.map(kindLabel).join("; ")) + '.</p>' : "";
  }
  function kindLabel(kind) {  /* as the board names it, as the server's refusal does */
    var a = board.actions.concat(board.tracks, board.counters, board.toggles).find(function (x) { return x.event === kind; });
    return a ? a.label : words(kind);
  }

  function meanwhile(after) {
    return fetch(api + "/events?after=" + after, {headers: readHeaders()}).then(present).then(function (r) { return r.json(); })
      .then(function (j) { return (j.events || []).map(covered); })
      .catch(function () { return []; });
  }

  function drawQueue() {
    var out = [];
    queue.forEach(function (item, i) {
      if (item.status === "conflict") {
        out.push('<li class="conflict" data-i="' + i + '"><p><b>Another phone just did:</b> ' +
          esc((item.meanwhile || []).join("; ") || "a change") + '.</p><p>Add yours too: <b>' + esc(item.label) + '</b>?</p>' +
          '<button type="button" data-q="add" data-i="' + i + '">Add mine too</button> ' +
          '<button type="button" data-q="drop" data-i="' + i + '">Drop mine</button></li>');
      } else if (!sending || i > 0) {
        out.push('<li class="queued">Waiting to send: ' + esc(item.label) + '</li>');
      }
    });
    failed.forEach(function (item, i) {
      out.push('<li class="failed"><p><b>Not saved:</b> ' + esc(item.label) + '. ' + esc(item.detail) +
        (item.rule ? ' <a class="rule-link" href="' + esc(item.rule.page) + '">Rule: ' + esc(item.rule.title) + '</a>' : "") + '</p>' +
        nextHtml(item, i) +
        '<button type="button" data-f="retry" data-i="' + i + '">Retry</button> ' +
        '<button type="button" data-f="dismiss" data-i="' + i + '">Dismiss</button></li>');
    });
    $("[data-pending]").innerHTML = out.join("");
    $("[data-savebar]").classList.toggle("alert", failed.length > 0 || queue.some(function (q) { return q.status === "conflict"; }));
  }

  // --- taps ---------------------------------------------------------------------------------

  document.addEventListener("click", function (e) {
    var b = e.target.closest("button"); if (!b) { return; }
    var d = b.dataset, card = b.closest("[data-seat]"), seat = card ? card.dataset.seat : null;
    if (d.q) {
      var item = queue[Number(d.i)]; if (!item) { return; }
      if (d.q === "add") { item.status = "queued"; item.seen = target(item, data.state); item.version = data.version; item.idem = newKey(); }
      else { queue.splice(Number(d.i), 1); say("Dropped: " + item.label + "."); }
      saveQueue(); pump(); return;
    }
    if (d.f) {
      var f = failed.splice(Number(d.i), 1)[0]; if (!f) { return; }
      if (d.f === "retry") { f.status = "queued"; f.seen = target(f, data.state); f.idem = newKey(); queue.push(f); saveQueue(); pump(); }
      else { drawQueue(); say(""); }
      return;
    }
    if (d.claim) { claim(d.claim); return; }
    if (d.move) {
      var move = data.moves[Number(d.move)]; if (!move) { return; }
      if (d.from != null) { failed.splice(Number(d.from), 1); drawQueue(); say(""); }  /* the refusal is answered */
      if (move.asks.length) { openMoveForm(Number(d.move)); return; }
      if (!(move.own ? mine : token)) { return; }
      var ask = moveAction(move).confirm, whose = move.body.seat ? names[move.body.seat] + " " : "";
      if (ask && !confirm(whose + ask)) { return; }  /* the board's own question, as its button asks it */
      tap({type: "event", event: move.body, own: !!move.own, label: move.label}); return;
    }
    if ("secret" in d) { shownSecret = !shownSecret; render(); drawHistory(); return; }
    if (d.action && "own" in d) {
      if (!confirmed(d, d.seatId)) { return; }
      tap({type: "event", event: {kind: d.action, seat: d.seatId}, own: true, label: names[d.seatId] + ": " + d.label}); return;
    }
    if (!token) { return; }
    var delta = Number(d.delta);
    if (d.track) {
      tap({type: "track", key: d.track, delta: delta, label: find(board.tracks, d.track).label + (delta > 0 ? " +1" : " −1")});
    } else if (d.counter) {
      tap({type: "counter", key: d.counter, seat: seat, delta: delta,
           label: names[seat] + ": " + find(board.counters, d.counter).label + (delta > 0 ? " +1" : " −1")});
    } else if (d.toggle) {
      var toggle = find(board.toggles, d.toggle), n = Number(d.n);
      var on = (seatState(data.state, seat)[toggle.key] || []).indexOf(n) < 0;
      tap({type: "toggle", key: d.toggle, seat: seat, n: n, on: on,
           label: names[seat] + ": " + toggle.label + " " + n + (on ? " on" : " off")});
    } else if (d.action) {
      var who = d.seatId ? names[d.seatId] + " " : "";
      if (!confirmed(d, d.seatId)) { return; }
      var ev = {kind: d.action}; if (d.seatId) { ev.seat = d.seatId; }
      tap({type: "event", event: ev, label: who + d.label});
    } else if (d.revert) {
      var to = Number(d.revert), hidden = data.version - to;
      if (!confirm("Go back to how the table was after change " + to + "? This hides the " + hidden +
                   " later change" + (hidden === 1 ? "" : "s") + ". Nothing is deleted: Undo brings " +
                   (hidden === 1 ? "it" : "them") + " back.")) { return; }
      tap({type: "revert", to: to, label: "back to change " + to + " (hides " + hidden + ")"});
    } else if ("redo" in d) {
      var last = lastEvents[lastEvents.length - 1];
      if (!last || last.event.kind !== "undo") { return; }
      tap({type: "revert", to: last.seq - 1, label: "redo what was undone"});
    } else if ("undo" in d) {
      var latest = lastEvents[lastEvents.length - 1];
      tap({type: "undo", label: "undo" + (latest ? " (" + latest.text + ")" : "")});
    }
  });
  /* What a form's inputs say, over `ev`: a box left empty sends nothing for its field. */
  function entered(f, ev) {
    Array.prototype.forEach.call(f.elements, function (el) {
      if (!el.name || el.disabled) { return; }
      if (el.type === "checkbox") { ev[el.name] = el.checked; }
      else if (el.type === "number") { if (el.value !== "") { ev[el.name] = Number(el.value); } else { delete ev[el.name]; } }
      else if (el.value.trim()) { ev[el.name] = el.value.trim(); }
      else { delete ev[el.name]; }
    });
    return ev;
  }
  document.addEventListener("change", function (e) {
    var f = e.target.form; if (f && (f.dataset.actionForm || f.dataset.moveForm)) { applies(f); }
  });
  document.addEventListener("submit", function (e) {
    var f = e.target;
    if (f.dataset.moveForm) {
      e.preventDefault();
      var move = data.moves[Number(f.dataset.moveForm)]; if (!move || !(move.own ? mine : token)) { return; }
      var act = moveAction(move);
      openMove = "";
      tap({type: "event", event: entered(f, JSON.parse(JSON.stringify(move.body))), own: !!move.own,
           label: act.label ? (move.body.seat ? names[move.body.seat] + ": " : "") + act.label : move.label});
      drawMoves();
      return;
    }
    if (!f.dataset.actionForm) { return; }
    e.preventDefault();
    var ev = {kind: f.dataset.actionForm};
    if (f.dataset.seatId) { ev.seat = f.dataset.seatId; }
    entered(f, ev);
    var own = "own" in f.dataset || isPrivate(ev.kind);
    if (!own && !token) { return; }
    if (!confirmed(f.dataset, f.dataset.seatId)) { return; }
    tap({type: "event", event: ev, own: own, label: (ev.seat ? names[ev.seat] + ": " : "") + f.dataset.label});
    if (own) { f.reset(); return; }  /* back to blank: nothing it held stays in a control */
    Array.prototype.forEach.call(f.querySelectorAll("input:not([type=number]):not([type=checkbox])"), function (el) { el.value = ""; });
  });

  // --- score, sheet, QR, compact view, seats ------------------------------------------------

  /* The score, always shown and asked again at each new version: each seat's rank, total and
     steps with their rules, the tie-break's reasons, and "Provisional" until the game ends. */
  var scoreKey = "score:" + code, scoreShown = -1, scoreAsking = false;
  function loadScore() {
    if (scoreAsking || scoreShown === data.version || vanished) { return; }
    scoreAsking = true;
    var asked = data.version;
    fetch(api + "/score", {cache: "no-store"}).then(present).then(function (r) {
      if (!r.ok) { throw new Error("status " + r.status); }
      return r.json();
    }).then(function (j) {
      storage.set(scoreKey, j); drawScore(j); scoreShown = j.version;
    }).catch(function () {
      var kept = storage.get(scoreKey, null);  /* offline: the newest score this phone saw */
      if (kept && kept.version > scoreShown) { drawScore(kept, true); scoreShown = kept.version; }
    }).then(function () {
      scoreAsking = false;
      if (asked !== data.version) { loadScore(); }
    });
  }
  /* A rule link shows the rule's title (the page carries the titles the score cites); a
     rule without one shows no link rather than its id. */
  function ruleLink(rule) {
    if (!rule || !meta.rules[rule]) { return ""; }  /* (titles the score answer brings are added) */
    return ' <a class="rule-link" href="' + esc(meta.rule_url.replace("RULE", encodeURIComponent(rule))) + '">' +
      esc(meta.rules[rule]) + '</a>';
  }
  /* A step's sentence with its number: a value the sentence does not already say is added
     ("VP awarded by General Goodman: 0"). */
  function stepText(step) {
    var text = String(step.text || ""), v = step.value;
    if (typeof v !== "number") { return text; }
    var said = new RegExp("(^|[^0-9])" + String(Math.abs(v)).replace(".", "\\.") + "([^0-9]|$)").test(text);
    if (said) { return text; }
    text = text.replace(/[.:]$/, "");
    return text + (text.indexOf(":") >= 0 ? " = " : ": ") + v;
  }
  function stepHtml(step) {
    var marked = step.provenance && step.provenance !== "rulebook";
    return '<li><span class="step-text">' + esc(stepText(step)) + '</span>' +
      (marked ? ' <span class="prov prov-' + esc(step.provenance) + '">' + esc(step.provenance) + '</span>' : "") +
      ruleLink(step.rule) + (step.note ? '<br><span class="muted">' + esc(step.note) + '</span>' : "") + '</li>';
  }
  /* The finished game's chart (drawn by the server): fetched once the score is final. A miss
     (no answer, an error, or a server that has not yet seen the end) is asked again after
     1.5, 3 and 6 s, then every 12 s, eight times in all; every newly drawn final score starts
     the count again, so a busy evening never leaves the chart missing for good. */
  var chartAsked = false, chartFinal = false, chartTries = 0, chartTimer = 0;
  function loadChart(final, again) {
    var box = $("[data-score-chart]");
    if (final && !again) { chartTries = 0; }
    chartFinal = final;
    if (box && !final && !box.hidden) { box.hidden = true; box.innerHTML = ""; chartAsked = false; }  /* the end undone */
    if (!box || !final || chartAsked || box.querySelector("svg")) { return; }
    chartAsked = true;
    function missed() {
      chartAsked = false;
      if (chartTries < 8) {
        clearTimeout(chartTimer);
        chartTimer = setTimeout(function () { loadChart(chartFinal, true); }, 1500 * Math.pow(2, Math.min(chartTries++, 3)));
      }
    }
    fetch(box.dataset.scoreChart, {cache: "no-store"}).then(function (r) {
      if (!r.ok) { throw new Error("status " + r.status); }
      return r.text();
    }).then(function (html) {
      if (!html.trim()) { missed(); return; }
      if (chartFinal) { box.innerHTML = html; box.hidden = false; }
      chartAsked = false;
    }, missed);
  }
  function drawScore(j, old) {
    var res = j.result || {}, rows = res.standings || [], unit = res.unit || "";
    Object.keys(j.rules || {}).forEach(function (id) { meta.rules[id] = j.rules[id]; });
    var state = $("[data-score-state]");
    state.classList.toggle("provisional", !res.final);
    state.textContent = (res.headline || (res.final ? "Final score." : "Provisional: the game has not ended, so this can still change.")) +
      (old ? " (Last seen before the connection dropped.)" : "");
    var list = $("[data-standings]");  /* a seat's reasons stay open when a new score arrives */
    var opened = $$("[data-standing] > details[open]").map(function (d) { return d.parentNode.dataset.standing; });
    list.innerHTML = rows.map(function (row) {
      var shown = row.total === 1 && res.unit_one ? res.unit_one : unit;
      var total = res.points === false || row.total == null ? "" : " · " + row.total + (shown ? " " + shown : "");
      return '<li data-standing="' + esc(row.seat) + '"' + (row.winner ? ' class="winner"' : "") + '>' +
        '<details><summary><span class="rank">' + esc(row.rank) + '.</span> <b>' + esc(row.name) + '</b>' + esc(total) +
        (row.note ? ' <span class="muted note">(' + esc(row.note) + ')</span>' : "") +
        (row.winner ? ' <span class="win">' + (res.final ? "wins" : "leads") + '</span>' : "") +
        (row.role ? ' <span class="muted role">(' + esc(row.role) + ')</span>' : "") + '</summary>' +
        (row.tie ? '<p class="tie">' + esc(row.tie) + '</p>' : "") +  /* a shared rank's reasons, with the others */
        '<ul class="steps">' + (row.steps || []).map(stepHtml).join("") + '</ul></details></li>';
    }).join("");
    $$("[data-standing]").forEach(function (li) { li.firstChild.open = opened.indexOf(li.dataset.standing) >= 0; });
    var more = $("[data-score-more]");
    more.hidden = !(j.summary || (j.steps || []).length);
    $("[data-score-summary]").textContent = j.summary || "";
    $("[data-score-steps]").innerHTML = (j.steps || []).map(stepHtml).join("");
    if (!rows.length) {  /* a game whose score has no standings yet: its summary, said once */
      state.textContent += " " + String(j.summary || "").replace(/^Provisional \(the game has not ended\): /, "");
    }
    loadChart(res.final);
  }
  $("[data-sheet]").addEventListener("click", function (e) {
    if (!token) { return; }
    e.preventDefault();
    fetch(api + "/join.pdf", {headers: {"Authorization": "Bearer " + token}}).then(function (r) { return r.blob(); })
      .then(function (blob) { location.href = URL.createObjectURL(blob); });
  });
  $("[data-show-qr]").addEventListener("click", function (e) {
    var panel = $("[data-qr]"), open = panel.hidden;
    panel.hidden = !open; e.currentTarget.setAttribute("aria-expanded", String(open));
    var img = $("[data-qr-follow]");
    if (open && img && !img.getAttribute("src")) { img.src = api + "/qr.svg"; }
    if (open) { panel.scrollIntoView({block: "nearest"}); }
  });
  var editQr = $("[data-qr-edit]");
  if (editQr) {
    editQr.addEventListener("click", function () {
      var figure = $("[data-qr-edit-figure]");
      if (!figure.hidden) { figure.hidden = true; editQr.textContent = "Show the QR that lets a phone change the score"; return; }
      fetch(api + "/qr.svg", {headers: {"Authorization": "Bearer " + token}, cache: "no-store"}).then(function (r) {
        if (!r.ok) { throw new Error("status " + r.status); }
        return r.text();
      }).then(function (svg) {  /* a data: URL: the page's CSP allows no blob: images */
        $("[data-qr-edit-img]").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
        figure.hidden = false; editQr.textContent = "Hide the score-keeping QR";
      }).catch(function () { say("The score-keeping QR needs a connection."); });
    });
  }
  var compact = storage.get("compact", false);
  function showCompact() {
    $("[data-compact]").setAttribute("aria-pressed", String(compact));
    if (compact) { $("[data-scoreboard]").innerHTML = scoreboard(data.state); }
    $("[data-scoreboard]").hidden = !compact;
    $$("[data-full]").forEach(function (el) { el.hidden = compact; });
  }
  $("[data-compact]").addEventListener("click", function () { compact = !compact; storage.set("compact", compact); showCompact(); });

  function claim(seatId, claimCode) {
    var typed = claimCode || prompt("Type the claim code printed on " + names[seatId] + "'s slip (the scorekeeper's phone shows it too). Only this phone will see the seat's secrets.");
    if (!typed) { return; }
    fetch(api + "/seats/" + encodeURIComponent(seatId) + "/claim", {method: "POST",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify({claim_code: typed})}).then(function (r) {
      return r.json().then(function (j) {
        if (r.status !== 201) { say(j.detail || "Could not claim the seat."); return; }
        mine = {seat: seatId, key: j.seat_token}; openSeat = seatId; storage.set(openKey, openSeat); releasedSeat = null;
        try { localStorage.setItem(seatKey, JSON.stringify(mine)); } catch (e) { /* private mode */ }
        /* the claimed seat is the one unfolded (what is on screen wins at the next redraw) */
        $$("details.seat-fold").forEach(function (d) { d.open = d.parentNode.dataset.seat === seatId; });
        say("This phone now holds " + names[seatId] + "."); render(); reread().catch(function () {}); refollow();
      });
    }).catch(function () { say("No connection: the seat was not claimed."); });
  }

  // The scorekeeper's list of seats: each seat's claim code and QR, and release for a seat
  // whose phone is lost or swapped.
  var seatsPanel = $("[data-claims]");
  function drawClaims() {
    fetch(api + "/seats", {headers: {"Authorization": "Bearer " + token}, cache: "no-store"}).then(function (r) {
      if (!r.ok) { throw new Error("status " + r.status); }
      return r.json();
    }).then(function (j) {
      $("[data-claims-list]").innerHTML = j.seats.map(function (s) {
        return '<li><strong>' + esc(s.name) + '</strong> <span class="code">' + esc(s.claim_code) + '</span> ' +
          (s.claimed ? '<span class="muted">held by a phone</span> <button type="button" data-release="' + esc(s.id) + '">Release</button>'
                     : '<button type="button" data-claim-qr="' + esc(s.id) + '">Show its QR</button>') + '</li>';
      }).join("");
      seatsPanel.hidden = false;
    }).catch(function () { say("The seats' claim codes need a connection."); });
  }
  if (seatsPanel && token && privateKinds.length) {
    $("[data-show-claims]").hidden = false;
    $("[data-show-claims]").addEventListener("click", function () {
      if (!seatsPanel.hidden) { seatsPanel.hidden = true; return; }
      drawClaims();
    });
    seatsPanel.addEventListener("click", function (e) {
      var t = e.target;
      if (t.dataset.release && confirm("Hand " + names[t.dataset.release] + "'s seat to a new phone? The phone holding it stops at once, what it entered stays hidden for good (the new phone enters the secret again from the card), the seat gets a new claim code, and the history says so.")) {
        fetch(api + "/seats/" + encodeURIComponent(t.dataset.release) + "/claim", {method: "DELETE", headers: {"Authorization": "Bearer " + token}})
          .then(function () { drawClaims(); }).catch(function () { say("No connection: the seat was not released."); });
      }
      if (t.dataset.claimQr) {
        fetch(api + "/qr.svg?seat=" + encodeURIComponent(t.dataset.claimQr), {headers: {"Authorization": "Bearer " + token}, cache: "no-store"})
          .then(function (r) { return r.text(); }).then(function (svg) {
            var img = $("[data-claim-qr-img]");
            img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
            img.alt = "QR code that claims " + names[t.dataset.claimQr] + "'s seat"; img.hidden = false;
          });
      }
    });
  }

  remember();
  if (slip && !(mine && mine.seat === slip.seat)) { claim(slip.seat, slip.code); }
  /* The board first, shown whole in one short task (nothing on screen moves as it appears);
     then the score below it, then the history and the live stream, each in a task of its own,
     so the phone answers a tap between them (no long task). */
  function next(step) { setTimeout(step, 0); }
  next(function () {  /* a task of its own, apart from the page's other scripts */
    render(true); showCompact(); drawQueue();
    if (navigator.onLine === false) { live(false); say(queue.length ? "Offline: " + queue.length + " change" + (queue.length === 1 ? "" : "s") + " waiting, sent in order when the connection is back." : "Offline: showing the last state this phone saw."); }
    next(function () {
      $$("details.seat-fold").forEach(fillSeat);  /* the folded seats' steppers and lines */
      next(function () {
        var first = json("session-score");
        if (scoreShown < first.version) { drawScore(first); scoreShown = first.version; }
        next(function () {
          loadHistory(); loadScore();
          if (mine) { reread().catch(function () {}); }
          follow();
          if (queue.length) { pump(); }
        });
      });
    });
  });
  window.addEventListener("online", function () { pump(); });
  setInterval(function () { if (queue.length && !sending) { pump(); } }, 5000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { refresh().catch(function () {}); pump(); } });
})();
