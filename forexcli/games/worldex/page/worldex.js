/* forex html, World Exchangers: draws one position (the game's view JSON, `forex show --format
   json`, with the move that led there and the spaces gained) with the markup of worldex.html.j2;
   replay.js steps through them.  The player boards were drawn once by the page: they are moved
   into each new position and only their cash-flow lines and gained spaces are drawn again. */
(function () {
  "use strict";
  var P = window.forexPage, data = P.data, el = P.el, bdi = P.bdi, coins = P.coins;
  var table = P.table, section = P.section, signedLine = P.signedLine;
  var G = data.geometry, SVG = "http://www.w3.org/2000/svg";

  function symbols(s, empty) {
    var out = [];
    data.symbols.forEach(function (key) {
      var n = s[key] || 0;
      if (n) out.push((key === "media" || n < 0 ? (n > 0 ? "+" : "") + n : String(n)) + " " + key);
    });
    return out.length ? out.join(", ") : (empty === undefined ? "-" : empty);
  }
  function winners(names, final) {
    if (final) return names.length === 1 ? names[0] + " wins" : names.join(" and ") + " share the victory";
    return (names.length === 1 ? "Leader" : "Leaders") + ": " + names.join(", ");
  }
  function signed(n) { return (n >= 0 ? "+" : "") + n; }
  function byRank(rows) { return rows.slice().sort(function (a, b) { return a.rank - b.rank; }); }

  /* The score table's rows, as pages.worldex.score_rows. */
  function scoreRows(players) {
    var cells = players.map(function (p) {
      return [coins(p.cities), coins(p.cash), coins(p.settlement) + " (" + p.settlement_points + " pt)",
        coins(p.investments.green), coins(p.investments.orange), coins(p.investments.blue),
        coins(p.trend), coins(p.media) + " (" + p.media_value + ")", coins(p.total), String(p.rank)];
    });
    return data.parts.map(function (part, i) { return [part].concat(cells.map(function (c) { return c[i]; })); });
  }

  /* ------------------------------------------------------------------ the boards */
  function svgEl(tag, attrs, children) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (key) { node.setAttribute(key, String(attrs[key])); });
    (children || []).forEach(function (child) {
      node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
    });
    return node;
  }
  function num(v) { return String(Math.round(v * 10) / 10); }
  function x(month) { return num(G.left + month * G.column); }
  function y(cash) { return num(G.top + (G.max_cash - cash) / G.cash_step * G.row); }

  /* The line of picture._line: a polyline, a dot per month marked, a dashed ring. */
  function drawLine(group, line) {
    while (group.firstChild) group.removeChild(group.firstChild);
    if (line.length > 1) {
      group.appendChild(svgEl("polyline", { points: line.map(function (m) { return x(m.month) + "," + y(m.cash); }).join(" "),
        fill: "none", stroke: G.colour, "stroke-width": 3, "stroke-linejoin": "round" }));
    }
    line.forEach(function (m) {
      var said = m.month === 0 ? "month 0: " + coins(m.cash)
        : "month " + m.month + ": " + m.action + (m.cards.length ? " " + m.cards.join(", ") : "") + ", " + coins(m.cash) +
          (m.lost ? " (" + coins(m.lost) + " lost)" : "");
      group.appendChild(svgEl("circle", { "class": m.month === 0 ? "mark start" : "mark", cx: x(m.month), cy: y(m.cash), r: 4,
        fill: G.colour }, [svgEl("title", {}, [said])]));
      if (m.ring) {
        group.appendChild(svgEl("circle", { "class": "ring", cx: x(m.month), cy: y(m.cash), r: num(G.row * 0.9), fill: "none",
          stroke: G.colour, "stroke-width": 2, "stroke-dasharray": "5 3" }, [svgEl("title", {}, ["celebration ring, month " + m.month])]));
      }
    });
  }
  /* The spaces the line gained, outlined as picture._space outlines them. */
  function markSpaces(svg, prefix, gained) {
    Array.prototype.forEach.call(svg.querySelectorAll("g.space"), function (space) {
      var months = gained[space.id.slice(prefix.length)], rect = space.querySelector("rect");
      var title = space.querySelector("title"), base = title.textContent.split("; gained in month")[0];
      space.setAttribute("class", space.getAttribute("class").replace(/ gained$/, "") + (months ? " gained" : ""));
      rect.setAttribute("stroke", months ? G.colour : "#c8c8c8");
      if (months) rect.setAttribute("stroke-width", "2.5"); else rect.removeAttribute("stroke-width");
      title.textContent = months ? base + "; gained in month" + (months.length > 1 ? "s " : " ") + months.join(", ") : base;
    });
  }
  function kept(name) { return document.querySelector('#position [data-keep="' + name + '"]'); }
  function board(pl, gained) {
    var holder = kept("board-" + pl.seat), prefix = "b" + pl.seat + "-";
    var svg = holder.querySelector("svg");
    drawLine(svg.getElementById ? svg.getElementById(prefix + "cash-flow") : svg.querySelector("#" + prefix + "cash-flow"), pl.line);
    markSpaces(svg, prefix, gained);
    return holder;
  }

  /* ------------------------------------------------------------------ a position */
  function render(p) {
    var v = p.view, next = v.to_play.decider, out = [];
    out.push(el("h2", { id: "where" }, [(p.at ? "After move " + p.at + " of " + p.moves
      : "At the start (" + p.moves + " move" + (p.moves === 1 ? "" : "s") + ")") + ": " +
      (v.over ? "the game is over" : "month " + v.month + " of " + v.months)]));
    var move = [], lm = p.last_move;
    if (lm) {
      move.push(el("p", { "class": "move-text" }, ["Move ", el("span", { "class": "num" }, [lm.number]), ", ",
        el("bdi", { "class": "player" }, [lm.player]), ": ", el("span", { "class": "decision" }, [lm.decision])]));
      if (lm.note !== null) move.push(el("p", { "class": "note" }, [bdi(lm.note)]));
      if (data.signatures) move.push(el("p", { "class": "signed" }, [signedLine(data.signatures, lm.number)]));
      move.push(el("ul", { "class": "catchup" }, lm.told.map(function (line) { return el("li", {}, [line]); })));
    } else {
      move.push(el("p", { "class": "move-text" }, ["The start of the game: no move yet."]));
    }
    out.push(el("div", { id: "this-move", "class": "move" }, move));
    out.push(el("p", { id: "pending", "class": "pending", "data-player": next || "" }, v.over
      ? [el("strong", {}, ["The game is over: " + winners(v.scores.winners, true) + "."])]
      : [el("strong", {}, ["Next:"]), " ", el("span", { "class": "text" }, [v.to_play.text])]));

    var boards = [el("p", { "class": "hint" }, ["Each board: months 0 to 12 across, cash 0 to 1,000 up; the line is the" +
      " player's cash marked each month, the spaces it gained are outlined in red."]), kept("key")];
    v.players.forEach(function (pl) {
      var isNext = pl.name === next, cities = [];
      pl.cities.forEach(function (c, i) {
        if (i) cities.push(", ");
        cities.push(bdi(c.name), " (" + coins(c.price) + (c.bonus ? "*" : "") + ")");
      });
      boards.push(el("div", { "class": isNext ? "player next" : "player", "data-player": pl.name }, [
        el("h4", {}, [bdi(pl.name), isNext ? " " : null, isNext ? el("span", { "class": "mark" }, ["(next)"]) : null,
          ": " + pl.role + (pl.ability ? " (side B: " + data.abilities[pl.ability] + ")" : "") + ", board side " + pl.board]),
        el("p", { "class": "summary" }, ["Cash ", el("span", { "class": "cash" }, [coins(pl.cash)]), ", media ",
          el("span", { "class": "media" }, [pl.media]), "; gained on the board: ",
          el("span", { "class": "gained" }, [symbols(pl.gained, "nothing")]),
          (pl.boxes.buy_two ? "; buy-two box crossed" : "") + (pl.boxes.sell_two ? "; sell-two box crossed" : "") + "."]),
        el("p", { "class": "cities" }, ["Cities (sale price now): "].concat(cities.length ? cities : ["none"])),
        board(pl, p.gained[pl.seat])]));
    });
    out.push(section("boards-section", "Player boards", boards));

    var n = v.sale_area.length;
    out.push(section("sale-section", "Sale area", [
      el("p", { id: "sale-text" }, ["Month " + v.month + ": " + n + " card" + (n === 1 ? "" : "s") + ", " + v.deck_size +
        " in the deck. Sale prices of month " + v.month + "; * a bonus price; red: a sale now draws a celebration ring."]),
      table("sale", ["card", "colour", "base", "sale", "now", "bonus in", "red", "symbols"], v.sale_area.map(function (c) {
        var now = (c.bonus ? ["bonus"] : []).concat(c.red ? ["red"] : []).join(" ");
        return el("tr", { "data-card": c.name }, [el("th", { scope: "row" }, [bdi(c.name)]), el("td", {}, [c.colour]),
          el("td", {}, [coins(c.base)]), el("td", { "class": "price" }, [coins(c.price) + (c.bonus ? "*" : "")]),
          el("td", {}, [now]), el("td", {}, [c.bonus_months.join(", ") || "-"]),
          el("td", {}, [c.red_month === null ? "-" : c.red_month]), el("td", {}, [symbols(c.symbols)])]);
      }))]));

    var mid = v.trends.mid, end = v.trends.end;
    out.push(section("trends-section", "Trend cards", [
      el("p", { id: "trend-mid" }, ["Mid-year (month 6" + (mid.resolved ? ", resolved" : "") + "): " + (mid.text || mid.id) +
        (mid.resolved ? "; media to " + (mid.gained_media.join(", ") || "nobody") : "")]),
      el("p", { id: "trend-end" }, ["Year-end (month 12" + (end.resolved ? ", resolved" : "") + "): " + (end.text || end.id)])]));

    var track = v.media_track;
    out.push(section("media-section", "Media influence" + (track.max === null ? "" : " (track 0 to " + track.max + ")"), [
      table("media", ["rank", "player", "marker", "on cities", "value", "reward"], byRank(track.players).map(function (m) {
        return el("tr", { "data-player": m.name }, [el("td", {}, [m.rank]), el("th", { scope: "row" }, [bdi(m.name)]),
          el("td", {}, [m.marker]), el("td", {}, [signed(m.on_cities)]), el("td", {}, [m.value]), el("td", {}, [coins(m.reward)])]);
      }))]));

    var results = v.scores || v.projection;
    out.push(section("scores-section", v.scores ? "Final scores" : "Scores if the game ended now", [
      table("scores", ["part"].concat(v.players.map(function (pl) { return pl.name; })), scoreRows(results.players).map(function (row) {
        var sum = row[0] === "Total" || row[0] === "Rank";
        return el("tr", { "data-part": row[0], "class": sum ? "sum" : null }, [el("th", { scope: "row" }, [row[0]])].concat(
          row.slice(1).map(function (cell) { return el("td", {}, [cell]); })));
      })),
      el("p", { id: "winner-text" }, [(v.scores ? "Result: " + winners(v.scores.winners, true) + "."
        : winners(v.projection.leaders, false) + " (if the game ended now).") + " Ties go to more city cards, then more cash."])]));

    var sg = data.signatures;
    if (sg) {
      out.push(section("signatures-section", "Signatures", [table("keys", ["player", "key", "added"],
        Object.keys(sg.keys).map(function (name) {
          var key = sg.keys[name];
          return el("tr", { "data-player": name }, [el("th", { scope: "row" }, [bdi(name)]),
            el("td", { "class": "fingerprint" }, [key.fingerprint || "(a key that cannot be read)"]),
            el("td", {}, [key.since === null ? "given at set-up" : "on first use, with move " + key.since])]);
        }))]));
    }
    return el("section", { id: "position", "data-at": p.at }, out);
  }
  P.start(render);
}());
