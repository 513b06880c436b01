/* forex html: step through a game.  Every position is the JSON of the game's view (as
   `forex show --format json` gives it; the first whole, each next one a delta from the one
   before); this script steps through them and draws each with the game's own script (in its
   page folder: the markup of its template), which never parses HTML: all text goes in as text.
   It offers the game's script its helpers as window.forexPage, and start(render) steps. */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("replay-data").textContent);

  /* A delta: [value] replaces, [] deletes a member, an object patches member by member. */
  function patch(base, delta) {
    if (Array.isArray(delta)) return delta[0];
    var out = Array.isArray(base) ? base.slice() : Object.assign({}, base);
    Object.keys(delta).forEach(function (key) {
      var member = delta[key];
      if (Array.isArray(member) && member.length === 0) delete out[key];
      else out[key] = patch(base[key], member);
    });
    return out;
  }
  var positions = [data.first];
  data.deltas.forEach(function (d) { positions.push(patch(positions[positions.length - 1], d)); });
  var last = positions.length - 1;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (attrs[key] !== null && attrs[key] !== false) node.setAttribute(key, String(attrs[key]));
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
    });
    return node;
  }
  function bdi(text) { return el("bdi", {}, [text]); }
  function words(key) { return key.replace(/_/g, " "); }
  /* An amount with thousands separators, 1,000 (pages.coins). */
  function coins(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }

  /* Any JSON value, generically (the template's `value` macro). */
  function value(v) {
    if (v === null) return el("span", { "class": "none" }, ["none"]);
    if (v === true) return "yes";
    if (v === false) return "no";
    if (Array.isArray(v)) {
      if (!v.length) return el("span", { "class": "none" }, ["none"]);
      return el("ul", { "class": "generic" }, v.map(function (item) { return el("li", {}, [value(item)]); }));
    }
    if (typeof v === "object") {
      var dl = el("dl", { "class": "generic" });
      Object.keys(v).forEach(function (k) { dl.appendChild(el("dt", {}, [words(k)])); dl.appendChild(el("dd", {}, [value(v[k])])); });
      return dl;
    }
    return String(v);
  }
  function table(id, head, rows, cls) {
    return el("div", { "class": "scroll" }, [el("table", { id: id, "class": cls || null }, [
      el("thead", {}, [el("tr", {}, head.map(function (h) { return el("th", { scope: "col" }, [h]); }))]),
      el("tbody", {}, rows)])]);
  }
  function byRank(rows) { return rows.slice().sort(function (a, b) { return a.rank - b.rank; }); }
  function nameCell(row) { return el("th", { scope: "row" }, [bdi(row.name), row.bankrupt ? " (bankrupt)" : null]); }
  function section(id, title, children) { return el("section", { id: id }, [el("h3", {}, [title])].concat(children)); }

  /* "ann's", or "your" for a player named you ("Your" for You): words.possessive. */
  function possessive(name) {
    var plain = String(name).trim();
    if (plain.toLowerCase() === "you") return plain.charAt(0) === "Y" ? "Your" : "your";
    return name + "'s";
  }

  /* A verb in the third person singular ("pays") as a player's name takes it: itself, or
     the plain form for a player named you ("pay"): words.verb_for. */
  var IRREGULAR = { is: "are", has: "have", was: "were", does: "do", goes: "go" };
  function verbFor(name, verb) {
    if (String(name).trim().toLowerCase() !== "you") return verb;
    if (Object.prototype.hasOwnProperty.call(IRREGULAR, verb)) return IRREGULAR[verb];
    if (/ies$/.test(verb) && verb.length > 4) return verb.slice(0, -3) + "y";
    if (/(sses|shes|ches|xes|zes)$/.test(verb)) return verb.slice(0, -2);
    if (/s$/.test(verb) && !/ss$/.test(verb)) return verb.slice(0, -1);
    return verb;
  }

  /* Who signed a move and whose signature its deal awaits, in the game's word for it
     (Game.agreement_words; pages.signed_line). */
  function signedLine(sg, number, deal) {
    var by = [], partner = null;
    sg.signed.forEach(function (one) { if (one.move === number) by = one.by; });
    sg.awaiting.forEach(function (one) { if (one.move === number) partner = one.partner; });
    var said = by.length ? "signed by " + by.join(" and ") : "not signed";
    if (partner !== null) said += "; the " + (deal || "move") + " awaits " + possessive(partner) + " signature";
    return said.charAt(0).toUpperCase() + said.slice(1) + ".";
  }

  function start(render) {

    /* ------------------------------------------------------------------ stepping */
    var at = -1;
    var slider = document.getElementById("slider"), counter = document.getElementById("counter");
    /* The charts (the game's, and the evaluation graph of forex html --eval): a cursor
       each, and a strip per position to click. */
    var charts = ["chart", "eval"].filter(function (name) { return document.getElementById(name + "-strips"); });
    var buttons = { first: 0, prev: -1, next: 1, last: Infinity };

    function go(n, fromHash) {
      n = Math.max(0, Math.min(last, n));
      if (n !== at) {
        var old = document.getElementById("position");
        old.parentNode.replaceChild(render(positions[n]), old);
        var before = document.querySelector("#moves li.current");
        if (before) { before.classList.remove("current"); before.removeAttribute("aria-current"); }
        var item = document.querySelector('#moves li[data-move="' + n + '"]');
        if (item) {
          item.classList.add("current");
          item.setAttribute("aria-current", "step");
        }
        charts.forEach(function (name) {
          var cursor = document.getElementById(name + "-cursor");
          var strip = document.querySelector("#" + name + '-strips [data-move="' + n + '"]');
          if (cursor && strip) { cursor.setAttribute("x1", strip.getAttribute("data-x")); cursor.setAttribute("x2", strip.getAttribute("data-x")); }
        });
        tell(n, item);
        at = n;
      }
      inView(n);
      slider.value = String(n);
      counter.textContent = n + " / " + last;
      document.getElementById("first").disabled = document.getElementById("prev").disabled = n === 0;
      document.getElementById("next").disabled = document.getElementById("last").disabled = n === last;
      if (!fromHash && location.hash !== "#move-" + n) {
        try { history.replaceState(null, "", "#move-" + n); } catch (e) { /* a browser that refuses: keep the old hash */ }
      }
    }
    /* A screen reader hears the step (#told, a live region there from the start: the
       position is redrawn, and a region drawn anew is not announced): the move as the move
       list words it. */
    function tell(n, item) {
      var link = item ? item.querySelector("a") : null;
      var said = "The start";
      if (n > 0 && link) {
        var shown = link.cloneNode(true), num = shown.querySelector(".num");
        if (num) num.parentNode.removeChild(num);
        said = "After move " + n + " of " + last + ": " + shown.textContent.trim();
      }
      document.getElementById("told").textContent = said;
    }
    /* The current move in view in the move list, which scrolls by itself (the page does not
       move: the list's own scrollTop changes, so a #move-N link keeps the page at the top). */
    function inView(n) {
      var item = document.querySelector('#moves li[data-move="' + n + '"]');
      if (!item) return;
      var list = item.parentNode;
      if (list.scrollHeight <= list.clientHeight) return;
      if (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, item.offsetTop - (list.clientHeight - item.offsetHeight) / 2);
      }
    }
    function fromHash() {
      var m = /^#move-(\d+)$/.exec(location.hash);
      return m ? parseInt(m[1], 10) : null;
    }

    Object.keys(buttons).forEach(function (id) {
      document.getElementById(id).addEventListener("click", function () {
        var step = buttons[id];
        go(id === "first" || id === "last" ? step : at + step);
      });
    });
    slider.addEventListener("input", function () { go(parseInt(slider.value, 10)); });
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      if (event.altKey || event.ctrlKey || event.metaKey || target === slider ||
          (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      var moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last };
      if (event.key in moves) { event.preventDefault(); go(moves[event.key]); }
    });
    document.getElementById("moves").addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest("li[data-move]") : null;
      if (link) { event.preventDefault(); go(parseInt(link.getAttribute("data-move"), 10)); }
    });
    charts.forEach(function (name) {
      document.getElementById(name + "-strips").addEventListener("click", function (event) {
        var move = event.target.getAttribute("data-move");
        if (move !== null) go(parseInt(move, 10));
      });
    });
    window.addEventListener("hashchange", function () {
      var n = fromHash();
      if (n !== null) go(n, true);
    });

    /* Without this script a #move-N link scrolls to that move in the list; with it, it shows the
       position instead, so the list items lose their ids before the browser scrolls to one. */
    Array.prototype.forEach.call(document.querySelectorAll("#moves li[id]"), function (li) { li.removeAttribute("id"); });
    document.documentElement.classList.add("js");
    document.getElementById("controls").hidden = false;
    var opening = fromHash();
    at = data.start;  /* the page was drawn at the opening position */
    go(opening === null ? data.start : opening, opening !== null);
    window.forexReplay = {
      count: positions.length,
      position: function (n) { return positions[n]; },
      current: function () { return at; },
      go: function (n) { go(n); }
    };
  }

  window.forexPage = {
    data: data, el: el, bdi: bdi, words: words, coins: coins, value: value, table: table, byRank: byRank,
    nameCell: nameCell, section: section, signedLine: signedLine, possessive: possessive, verbFor: verbFor,
    start: start
  };
}());
