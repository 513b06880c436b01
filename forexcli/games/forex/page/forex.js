/* forex html, For-Ex: draws one position (the JSON of `forex show --format json`) with the
   markup of replay.html.j2; replay.js steps through them. */
(function () {
  "use strict";
  var P = window.forexPage, data = P.data, el = P.el, bdi = P.bdi, words = P.words, value = P.value;
  var table = P.table, byRank = P.byRank, nameCell = P.nameCell, section = P.section, signedLine = P.signedLine;
  var CUR = data.currencies;
  function shownIn(list, key) { return data.shown[list].indexOf(key) >= 0; }
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
  function money(amounts) { return Object.keys(amounts).map(function (c) { return amounts[c] + " " + c; }).join(", "); }


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
        var said = signedLine(p.signatures, p.last_move.number, data.deal);
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
        var terms = item.item === "contract"
          ? P.verbFor(item.owner, "pays") + " " + item.pay + ", " + P.verbFor(item.owner, "receives") + " " + item.receive
          : item.item === "loan" ? P.verbFor(item.owner, "owes") + " " + item.owes.join(", ")
          : item.left + " left; next: " + p.next_dividend;
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
          return el("li", {}, ["Move " + a.move + ": " + P.possessive(a.player) + " spot deal with " + a.partner +
            " awaits " + P.possessive(a.partner) + " signature."]);
        })) : el("p", { id: "awaiting-none" }, ["No spot deal awaits its partner's signature."]),
        el("p", { "class": "hint" }, ["A spot deal's partner agrees to it by countersigning the move (forex sign FILE N)."])]));
    }
    var more = {};
    Object.keys(p).forEach(function (k) { if (!shownIn("top", k)) more[k] = p[k]; });
    Object.keys(s).forEach(function (k) { if (!shownIn("state", k)) more[k] = s[k]; });
    if (Object.keys(more).length) out.push(section("more-section", "More about this position", [value(more)]));
    return el("section", { id: "position", "data-at": p.at }, out);
  }
  P.start(render);
}());
