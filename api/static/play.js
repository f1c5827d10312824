/* The finished table's play (issue 33): once the rules have ended the game, the page offers
   "Log this play in BG Stats" (its createPlay link, dated in this phone's time zone) and
   "Copy as text" (app.js copies a [data-share] button's text). Provisional scores offer
   nothing: the score answer carries `play` only when the game has ended. The page's version
   (kept current by session.js) says when to ask again. */
(function () {
  "use strict";
  var box = document.querySelector("[data-play]");
  var version = document.querySelector("[data-version]");
  var initial = document.getElementById("session-initial");
  if (!box || !version || !initial) return;
  var api = JSON.parse(initial.textContent).urls.api;
  var asked = null, busy = false;
  /* The phone's time zone, asked only once a play is shown: the first Intl call loads the
     zone data, a long task at load for the provisional score that shows nothing. */
  function zone() {
    try { return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"; } catch (e) { return "UTC"; }
  }

  function json(response) { return response.ok ? response.json() : null; }

  function show(play) {
    box.hidden = !play;
    if (!play) return;
    box.querySelector("[data-play-bgstats]").href = play.urls.bgstats;
    box.querySelector("[data-play-csv]").href = play.urls.csv + "&tz=" + encodeURIComponent(zone());
    box.querySelector("[data-share]").dataset.share = play.text;
    var page = box.querySelector("[data-play-page]");  /* linked once there is a play to keep */
    if (page) { page.href = page.dataset.playPage + "?tz=" + encodeURIComponent(zone()); }
  }

  function check() {
    var now = version.textContent;
    if (busy || now === asked) return;
    busy = true; asked = now;
    fetch(api + "/score").then(json).then(function (score) {
      if (!score || !score.play) return null;
      return fetch(api + "/play?tz=" + encodeURIComponent(zone())).then(json);
    }).then(show, function () { asked = null; /* offline: ask at the next change */ })
      .then(function () { busy = false; check(); });
  }

  new MutationObserver(check).observe(version, {childList: true, characterData: true, subtree: true});
  check();
})();
