/* forex html: step through a game.  Every position is the JSON of `forex show --format json`
   (the first whole, each next one a delta from the one before); this script only draws it,
   with the markup of replay.html.j2, and never parses HTML: all text goes in as text. */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var CUR = data.currencies;

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
  function shownIn(list, key) { return data.shown[list].indexOf(key) >= 0; }

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
  function extraKeys(items, list) {
    var keys = {};
    items.forEach(function (item) { Object.keys(item).forEach(function (k) { if (!shownIn(list, k)) keys[k] = true; }); });
    return Object.keys(keys).sort();
  }
  function riskCells(risk) {
    var dividend = risk.owner === null;
    return [el("td", { "class": risk.can_pay ? "can-pay" : "can-pay at-risk" }, [dividend ? "" : risk.can_pay ? "yes" : "no"]),
      el("td", { "class": "short" }, [dividend ? "" : money(risk.short) || "-"]),
      el("td", { "class": "outcome", "data-outcome": risk.outcome }, [risk.text])];
  }
  function extraCells(item, keys) {
    return keys.map(function (k) { return el("td", {}, [k in item ? value(item[k]) : null]); });
  }
  function table(id, head, rows, cls) {
    return el("div", { "class": "scroll" }, [el("table", { id: id, "class": cls || null }, [
      el("thead", {}, [el("tr", {}, head.map(function (h) { return el("th", { scope: "col" }, [h]); }))]),
      el("tbody", {}, rows)])]);
  }
  function byRank(rows) { return rows.slice().sort(function (a, b) { return a.rank - b.rank; }); }
  function nameCell(row) { return el("th", { scope: "row" }, [bdi(row.name), row.bankrupt ? " (bankrupt)" : null]); }
  function money(amounts) { return Object.keys(amounts).map(function (c) { return amounts[c] + " " + c; }).join(", "); }
  function section(id, title, children) { return el("section", { id: id }, [el("h3", {}, [title])].concat(children)); }

  /* Who signed a move and whose signature its spot deal awaits (pages.signed_line). */
  function signedLine(sg, number) {
    var by = [], partner = null;
    sg.signed.forEach(function (one) { if (one.move === number) by = one.by; });
    sg.awaiting.forEach(function (one) { if (one.move === number) partner = one.partner; });
    var said = by.length ? "signed by " + by.join(" and ") : "not signed";
    if (partner !== null) said += "; the spot deal awaits " + partner + "'s signature";
    return said.charAt(0).toUpperCase() + said.slice(1) + ".";
  }

  function render(p) {
    var s = p.state, np = p.board.non_paying, next = p.pending.player;
    var spaces = {}, held = {};
    s.pairs.forEach(function (pair) { spaces[pair.stronger + "/" + pair.weaker] = pair.space; });
    s.players.forEach(function (pl) { held[pl.name] = []; });
    s.queue.forEach(function (item) {
      if (item.owner in held) held[item.owner].push(item.item === "contract" ? item.letter : "loan " + item.letter);
    });
    function curHead(code, scope) {
      var bad = np.indexOf(code) >= 0;
      return el("th", { scope: scope, "class": bad ? "cur non-paying" : "cur", "data-currency": code }, [code + (bad ? "*" : "")]);
    }
    var out = [];
    out.push(el("h2", { id: "where" }, [p.at ? "After move " + p.at + " of " + p.moves
      : "At the start (" + p.moves + " move" + (p.moves === 1 ? "" : "s") + ")"]));
    var move = [];
    if (p.last_move) {
      var summary = (p.since || [null])[(p.since || [null]).length - 1];
      move.push(el("p", { "class": "move-text" }, ["Move ", el("span", { "class": "num" }, [p.last_move.number]), ", ",
        el("bdi", { "class": "player" }, [p.last_move.player]), ": ", el("span", { "class": "decision" }, [p.last_move.decision])]));
      if (p.last_move.note !== null) move.push(el("p", { "class": "note" }, [bdi(p.last_move.note)]));
      if (p.signatures) {
        var said = signedLine(p.signatures, p.last_move.number);
        move.push(el("p", { "class": said.indexOf("awaits") >= 0 ? "signed awaits" : "signed" }, [said]));
      }
      var lines = !summary ? [] : summary.events.concat(summary.money.map(function (m) { return "money: " + m; }),
        summary.rates, summary.result);
      move.push(el("ul", { "class": "catchup" }, lines.map(function (line) { return el("li", {}, [line]); })));
    } else {
      move.push(el("p", { "class": "move-text" }, ["The start of the game: no move yet."]));
    }
    out.push(el("div", { id: "this-move", "class": "move" }, move));
    var text = p.pending.text;
    out.push(el("p", { id: "pending", "class": "pending", "data-player": next || "" }, s.result
      ? [el("strong", {}, [text.charAt(0).toUpperCase() + text.slice(1) + "."])]
      : [el("strong", {}, ["Next:"]), " ", el("span", { "class": "text" }, [text])]));

    var board = el("tbody");
    CUR.forEach(function (row) {
      var tr = el("tr", { "data-currency": row }, [curHead(row, "row")]);
      CUR.forEach(function (col) {
        var rate = row === col ? undefined : p.board.grid[row][col], space = spaces[row + "/" + col];
        if (row === col) tr.appendChild(el("td", { "class": "diag" }, ["·"]));
        else if (rate !== null) {
          tr.appendChild(el("td", { "class": "rate s" + (space - 1), "data-pair": row + "/" + col, "data-space": space,
            title: "1 " + row + " = " + rate + " " + col + " (space " + space + " of 10)" },
          [el("span", { "class": "r" }, [rate]), el("span", { "class": "track" })]));
        } else tr.appendChild(el("td", { "class": "weaker", "data-pair": row + "/" + col }));
      });
      tr.appendChild(el("td", { "class": "won" }, [p.board.pairs_won[row]]));
      board.appendChild(tr);
    });
    var boardHead = el("tr", {}, [el("th", { scope: "col" }, ["stronger"])].concat(
      CUR.map(function (c) { return curHead(c, "col"); }), [el("th", { scope: "col" }, ["pairs won"])]));
    out.push(section("board-section", "Currency board", [
      el("p", { "class": "hint" }, ["Row: the stronger currency; a cell is how many of the column currency buy 1 of the row." +
        " The bar is the pair's space on the track 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8."]),
      el("div", { "class": "scroll" }, [el("table", { id: "board", "class": "board" }, [el("thead", {}, [boardHead]), board])]),
      np.length ? el("p", { id: "non-paying", "class": "legend" },
        ["* at the 8 space: " + np.join(", ") + (np.length === 1 ? " pays" : " pay") + " no dividends"]) : null]));

    var pExtra = extraKeys(s.players, "player");
    out.push(section("money-section", "Money", [table("money", ["player"].concat(CUR, ["in the queue"], pExtra.map(words)),
      s.players.map(function (pl) {
        var isNext = pl.name === next;
        return el("tr", { "data-player": pl.name, "class": isNext ? "next" : null },
          [el("th", { scope: "row" }, [bdi(pl.name), isNext ? " " : null, isNext ? el("span", { "class": "mark" }, ["(next)"]) : null])]
            .concat(CUR.map(function (c) { return el("td", { "data-currency": c }, [pl.money[c]]); }),
              [el("td", { "class": "held" }, [held[pl.name].join(", ")])], extraCells(pl, pExtra)));
      }))]));

    var certRows = s.players.map(function (pl) {
      return el("tr", { "data-player": pl.name }, [el("th", { scope: "row" }, [bdi(pl.name)])].concat(
        CUR.map(function (c) { return el("td", { "data-currency": c }, [pl.certificates[c]]); })));
    });
    certRows.push(el("tr", { "data-row": "in hands", "class": "sum" }, [el("th", { scope: "row" }, ["in hands"])].concat(
      CUR.map(function (c) {
        return el("td", { "data-currency": c }, [s.players.reduce(function (n, pl) { return n + pl.certificates[c]; }, 0)]);
      }))));
    [["supply", "supply"], ["removed", "removed at set-up"], ["sold", "sold back"]].forEach(function (row) {
      certRows.push(el("tr", { "data-row": row[0] }, [el("th", { scope: "row" }, [row[1]])].concat(
        CUR.map(function (c) { return el("td", { "data-currency": c }, [s[row[0]][c]]); }))));
    });
    out.push(section("certificates-section", "Certificates", [table("certificates", ["certificates"].concat(CUR), certRows)]));

    /* The standings: the projection "if the game ended now", risks per queue item, exposure. */
    var st = p.standings, W = data.words.standings, ended = p.pending.decision === "strongest_tie";
    var risks = st ? st.queue : [];
    if (st && !s.result) {
      var pr = st.projection, projection;
      if (pr.strongest !== null) {
        var sc = pr.scores[0];
        projection = [el("p", { id: "projection-text" }, ["Strongest currency: " + pr.strongest + " (" +
          (data.words.decided_by[pr.decided_by] || pr.decided_by) + "). " + (sc.leaders.length > 1 ? "Leaders" : "Leader") + ": ",
          bdi(sc.leaders.join(", ")), "."]),
          table("projection", ["rank", "player", "total " + pr.strongest].concat(CUR.map(function (c) { return "from " + c; }),
            [pr.strongest + " certs"]), byRank(sc.players).map(function (row) {
            return el("tr", { "data-player": row.name }, [el("td", {}, [row.rank]), nameCell(row),
              el("td", { "class": "total" }, [row.total])].concat(
              CUR.map(function (c) { return el("td", { "data-currency": c }, [row.converted[c]]); }),
              [el("td", {}, [row.certificates_of_strongest])]));
          }))];
      } else {
        var cands = pr.candidates, heads = ["player"];
        pr.scores.forEach(function (one) { heads.push("total if " + one.strongest, "rank if " + one.strongest); });
        projection = [el("p", { id: "projection-text" }, ["Strongest currency: a tie between " + cands.slice(0, -1).join(", ") +
          " and " + cands[cands.length - 1] + "; the player of the last turn would choose. The projection for each candidate:"]),
          table("projection", heads, pr.scores[0].players.map(function (row, seat) {
            var cells = [nameCell(row)];
            pr.scores.forEach(function (one) {
              cells.push(el("td", { "class": "total" }, [one.players[seat].total]), el("td", {}, [one.players[seat].rank]));
            });
            return el("tr", { "data-player": row.name }, cells);
          }), "tie")];
      }
      out.push(section("projection-section", ended ? W.ended : W.heading,
        [el("p", { "class": "hint" }, [ended ? W.ended_basis : W.basis])].concat(projection)));
    }

    var qExtra = extraKeys(s.queue, "queue");
    var riskHeads = risks.length ? ["can pay now", "short", "if resolved now"] : [];
    var queue = s.queue.length ? table("queue", ["#", "item", "letter", "owner", "terms"].concat(riskHeads, qExtra.map(words)),
      s.queue.map(function (item, i) {
        var terms = item.item === "contract" ? "pays " + item.pay + ", receives " + item.receive
          : item.item === "loan" ? "owes " + item.owes.join(", ") : item.left + " left; next: " + p.next_dividend;
        return el("tr", { "data-item": item.item }, [el("td", {}, [i + 1]), el("td", {}, [item.item]),
          el("td", {}, [item.letter || ""]), el("td", {}, [bdi(item.owner || "")]), el("td", { "class": "terms" }, [terms])]
          .concat(risks.length ? riskCells(risks[i]) : [], extraCells(item, qExtra)));
      })) : el("p", { id: "queue-empty" }, ["(empty)"]);
    out.push(section("queue-section", "Contract queue (front first)", [queue,
      s.queue.length && risks.length ? el("p", { id: "risks-hint", "class": "hint" }, [W.risks]) : null,
      el("p", { id: "letters" }, ["Free letters: " + (s.free_letters.length ? s.free_letters.join(" ") : "none")]),
      el("p", { id: "dividends" }, ["Dividends left: " + s.dividends_left + (s.dividends_left ? " (next: " + p.next_dividend + ")" : "")])]));

    if (st && st.exposure.length) {
      var owed = [];
      st.exposure.forEach(function (pl) {
        CUR.forEach(function (c) { if (pl.owes[c]) owed.push({ name: pl.name, c: c, owes: pl.owes[c], holds: pl.holds[c], short: pl.short[c] }); });
      });
      out.push(section("exposure-section", "Exposure: owed in the queue against money held", [owed.length
        ? table("exposure", ["player", "currency", "owes in the queue", "holds", "short"], owed.map(function (row) {
          return el("tr", { "data-player": row.name, "data-currency": row.c }, [el("th", { scope: "row" }, [bdi(row.name)]),
            el("td", {}, [row.c]), el("td", {}, [row.owes]), el("td", {}, [row.holds]), el("td", { "class": "short" }, [row.short || "-"])]);
        }))
        : el("p", { id: "exposure-none" }, ["Nobody owes anything in the queue."])]));
    }

    var r = s.result;
    if (r) {
      out.push(section("result-section", "Result", [
        el("p", { id: "result-text" }, ["Game over " + (data.words.ending[r.ending] || r.ending) + ". Strongest currency: " +
          r.strongest + " (" + (data.words.decided_by[r.decided_by] || r.decided_by) + "). " +
          (r.winners.length > 1 ? "Winners" : "Winner") + ": ", bdi(r.winners.join(", ")), "."]),
        table("result", ["rank", "player", "total " + r.strongest].concat(CUR.map(function (c) { return "from " + c; }),
          [r.strongest + " certs"]), byRank(r.players).map(function (row) {
          return el("tr", { "data-player": row.name }, [el("td", {}, [row.rank]), nameCell(row),
            el("td", { "class": "total" }, [row.total])].concat(
            CUR.map(function (c) { return el("td", { "data-currency": c }, [row.converted[c]]); }),
            [el("td", {}, [row.certificates_of_strongest])]));
        }))]));
    }
    var sg = p.signatures;
    if (sg) {
      var names = Object.keys(sg.keys);
      out.push(section("signatures-section", "Signatures", [
        names.length ? table("keys", ["player", "key", "added"], names.map(function (name) {
          var key = sg.keys[name];
          return el("tr", { "data-player": name }, [el("th", { scope: "row" }, [bdi(name)]),
            el("td", { "class": "fingerprint" }, [key.fingerprint || "(a key that cannot be read)"]),
            el("td", {}, [key.since === null ? "given at set-up" : "on first use, with move " + key.since])]);
        })) : null,
        sg.awaiting.length ? el("ul", { id: "awaiting", "class": "awaiting" }, sg.awaiting.map(function (a) {
          return el("li", {}, ["Move " + a.move + ": " + a.player + "'s spot deal with " + a.partner + " awaits " +
            a.partner + "'s signature."]);
        })) : el("p", { id: "awaiting-none" }, ["No spot deal awaits its partner's signature."]),
        el("p", { "class": "hint" }, ["A spot deal's partner agrees to it by countersigning the move (forex sign FILE N)."])]));
    }
    var more = {};
    Object.keys(p).forEach(function (k) { if (!shownIn("top", k)) more[k] = p[k]; });
    Object.keys(s).forEach(function (k) { if (!shownIn("state", k)) more[k] = s[k]; });
    if (Object.keys(more).length) out.push(section("more-section", "More about this position", [value(more)]));
    return el("section", { id: "position", "data-at": p.at, "aria-live": "polite" }, out);
  }

  /* ------------------------------------------------------------------ stepping */
  var at = -1;
  var slider = document.getElementById("slider"), counter = document.getElementById("counter");
  var cursor = document.getElementById("chart-cursor");
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
      var strip = document.querySelector('#chart-strips [data-move="' + n + '"]');
      if (cursor && strip) { cursor.setAttribute("x1", strip.getAttribute("data-x")); cursor.setAttribute("x2", strip.getAttribute("data-x")); }
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
  var strips = document.getElementById("chart-strips");
  if (strips) {
    strips.addEventListener("click", function (event) {
      var move = event.target.getAttribute("data-move");
      if (move !== null) go(parseInt(move, 10));
    });
  }
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
}());
