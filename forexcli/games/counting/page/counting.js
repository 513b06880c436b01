/* forex html, Counting: draws one position (the game's view, with the move that led there)
   with the markup of counting.html.j2; replay.js steps through them. */
(function () {
  "use strict";
  var P = window.forexPage, el = P.el, bdi = P.bdi;

  function render(p) {
    var v = p.view;
    var where = (p.at ? "After move " + p.at : "At the start") + ": total " + v.total + " of " + v.target;
    var children = [el("h2", { id: "where" }, [where])];
    if (p.last_move) {
      children.push(el("p", { "class": "move-text" }, ["Move ", el("span", { "class": "num" }, [p.last_move.number]),
        ", ", bdi(p.last_move.player), ": ", el("span", { "class": "decision" }, [p.last_move.text])]));
    }
    var next = v.result ? v.result.winners.join(" and ") + " won" : v.next.join(" or ") + " adds next";
    children.push(el("p", { id: "to-move" }, [next]));
    return el("section", { id: "position", "data-at": p.at }, children);
  }

  P.start(render);
}());
