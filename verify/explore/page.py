"""The explored page: one self-contained HTML file (inline CSS and script, nothing fetched).

The page's one script is generic: on load it indexes every drawn element by its id once
(``data-el``, one pass over each drawing), so hovering or clicking looks up a map instead of
querying the document; the provenance (``data.forward``: source id -> target ids,
``data.backward``: the other way) says what to light on the other side; the player applies the
steps' changes (``at``, ``hide``, ``show``, ``mark``, ``unmark``; :mod:`.steps`) forwards, and
for a step back or a jump on the scrubber restores the touched elements and replays from the
start. ``window.npwExplore`` exposes the state to tests (``goto``, ``at``, ``goalReached``).

>>> from npw.api import get_reduction, OneInThreeSat
>>> from npw.verify.explore.build import explore
>>> html = render_page(explore(get_reduction("1in3sat-to-224sat"), OneInThreeSat(3, [(1, 2, 3)])))
>>> html.startswith("<!doctype html>"), "http://" in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
(True, False)
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from npw.verify.explore.build import Exploration

__all__ = ["render_page"]

_STYLE = """
body{font-family:system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
header{padding:10px 16px;background:#fff;border-bottom:1px solid #ddd}
header h1{font-size:18px;margin:0}
header p{margin:4px 0;font-size:13px;color:#555}
main{display:flex;gap:12px;padding:12px;align-items:flex-start}
.side{flex:1 1 0;min-width:0;background:#fff;border:1px solid #ddd;border-radius:4px;padding:8px}
.side h2{font-size:14px;margin:0 0 6px}
.zoom button{font-size:12px;min-width:1.8em;margin-left:2px}
.drawing{overflow:auto;max-height:78vh;user-select:none}
.drawing svg{max-width:100%;height:auto}
[data-el]{cursor:pointer}
#player,#findings,#status{margin:0 12px 12px;padding:8px;background:#fff;border:1px solid #ddd;border-radius:4px}
#player button{font-size:14px;min-width:2.4em}
#scrub{width:40%;vertical-align:middle}
#caption{font-family:monospace;margin-left:8px}
#goal{margin-left:8px;font-weight:bold}
.npw-focus,.npw-focus *{stroke:#d6007a!important;stroke-width:2.5px!important}
text.npw-focus,.npw-focus text{fill:#d6007a!important;stroke:none!important;font-weight:bold}
.npw-lit,.npw-lit *{stroke:#ff7a00!important;stroke-width:3px!important}
text.npw-lit,.npw-lit text{fill:#e06000!important;stroke:none!important;font-weight:bold}
text.npw-true,.npw-true text{fill:#1a9a1a!important;font-weight:bold}
text.npw-false,.npw-false text{fill:#aaa!important}
.npw-sat>rect:first-child{fill:#dff5df!important}
.npw-unsat>rect:first-child{fill:#fadada!important}
.npw-path,.npw-path *{stroke:#c00!important;stroke-width:3px!important}
text.npw-path,.npw-path text{fill:#c00!important;stroke:none!important}
.npw-walked,.npw-walked *{stroke:#06c!important;stroke-width:3px!important}
.npw-riding,.npw-riding *{fill:#d6007a!important}
.npw-g0,.npw-g0 *{fill:#e41a1c!important}.npw-g1,.npw-g1 *{fill:#377eb8!important}
.npw-g2,.npw-g2 *{fill:#4daf4a!important}.npw-g3,.npw-g3 *{fill:#984ea3!important}
.npw-g4,.npw-g4 *{fill:#ff7f00!important}.npw-g5,.npw-g5 *{fill:#a65628!important}
.npw-g6,.npw-g6 *{fill:#f781bf!important}.npw-g7,.npw-g7 *{fill:#666!important}
table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ddd;padding:2px 6px;text-align:left}
"""

_SCRIPT = r"""
(function () {
  'use strict';
  var started = performance.now();
  var data = JSON.parse(document.getElementById('npw-data').textContent);
  var sides = {s: document.querySelector('#side-s .drawing'), t: document.querySelector('#side-t .drawing')};
  var index = {s: new Map(), t: new Map()};
  var counts = {s: 0, t: 0};
  ['s', 't'].forEach(function (side) {
    var nodes = sides[side].querySelectorAll('[data-el]');
    counts[side] = nodes.length;
    for (var i = 0; i < nodes.length; i++) {
      var id = nodes[i].getAttribute('data-el');
      var list = index[side].get(id);
      if (!list) { list = []; index[side].set(id, list); }
      list.push(nodes[i]);
    }
  });
  var links = {s: data.forward, t: data.backward};
  var status = document.getElementById('status');
  var lit = [], pinned = null;

  function clear() {
    for (var i = 0; i < lit.length; i++) lit[i].classList.remove('npw-lit', 'npw-focus');
    lit = [];
  }
  function light(side, id) {
    clear();
    var other = side === 's' ? 't' : 's';
    (index[side].get(id) || []).forEach(function (n) { n.classList.add('npw-focus'); lit.push(n); });
    var produced = links[side][id] || [];
    var shown = 0;
    produced.forEach(function (o) {
      (index[other].get(o) || []).forEach(function (n) { n.classList.add('npw-lit'); lit.push(n); shown++; });
    });
    status.textContent = (side === 's' ? 'source ' : 'target ') + id + (side === 's' ? ' produced ' : ' comes from ') +
      (produced.length ? produced.join(', ') : 'nothing') + (pinned ? '  (pinned: click again to release)' : '');
    return shown;
  }
  function element(event) {
    var node = event.target.closest ? event.target.closest('[data-el]') : null;
    return node ? node.getAttribute('data-el') : null;
  }
  ['s', 't'].forEach(function (side) {
    sides[side].addEventListener('mouseover', function (event) {
      var id = element(event);
      if (id && !pinned) light(side, id);
    });
    sides[side].addEventListener('mouseleave', function () { if (!pinned) { clear(); } });
    sides[side].addEventListener('click', function (event) {
      var id = element(event);
      if (!id) return;
      var key = side + ' ' + id;
      pinned = pinned === key ? null : key;
      if (pinned) light(side, id); else clear();
    });
  });

  // -- the player --------------------------------------------------------------------------
  var steps = data.steps, at = 0, timer = null;
  var saved = [];  // [node, transform, display, class] of every node a step touches
  (function () {
    var seen = new Set();
    steps.forEach(function (step) {
      step.changes.forEach(function (c) {
        var key = c[0] + ' ' + c[1];
        if (seen.has(key)) return;
        seen.add(key);
        (index[c[0]].get(c[1]) || []).forEach(function (n) {
          saved.push([n, n.getAttribute('transform'), n.style.display, n.getAttribute('class')]);
        });
      });
    });
  })();
  function restore() {
    saved.forEach(function (s) {
      var n = s[0];
      if (s[1] === null) n.removeAttribute('transform'); else n.setAttribute('transform', s[1]);
      n.style.display = s[2];
      if (s[3] === null) n.removeAttribute('class'); else n.setAttribute('class', s[3]);
    });
  }
  function apply(step) {
    step.changes.forEach(function (c) {
      var nodes = index[c[0]].get(c[1]) || [];
      var op = c[2];
      if (op === 'at') {
        // only the movable group moves (an id may also tag labels elsewhere)
        var group = nodes.filter(function (n) { return n.hasAttribute('transform'); })[0] || nodes[0];
        if (group) group.setAttribute('transform', 'translate(' + c[3] + ',' + c[4] + ')');
      } else {
        nodes.forEach(function (n) {
          if (op === 'hide') n.style.display = 'none';
          else if (op === 'show') n.style.display = '';
          else if (op === 'mark') n.classList.add('npw-' + c[3]);
          else if (op === 'unmark') n.classList.remove('npw-' + c[3]);
        });
      }
    });
  }
  var scrub = document.getElementById('scrub'), caption = document.getElementById('caption');
  var counter = document.getElementById('counter'), goalText = document.getElementById('goal');
  function goto(k) {
    k = Math.max(0, Math.min(steps.length, k));
    if (k < at) { restore(); at = 0; }
    for (; at < k; at++) apply(steps[at]);
    scrub.value = at;
    counter.textContent = at + ' / ' + steps.length;
    caption.textContent = at ? steps[at - 1].caption : (steps.length ? 'start: press play or step' : '');
    if (at === steps.length && steps.length) {
      var reached = goalReached();
      goalText.textContent = reached === null ? '' : (reached ? 'goal reached \u2713' : 'goal NOT reached \u2717');
    } else goalText.textContent = '';
    return at;
  }
  function position(id) {
    var nodes = index.t.get(id) || [];
    var group = nodes.filter(function (n) { return n.hasAttribute('transform'); })[0];
    if (!group) return null;
    var m = /translate\(\s*(-?[\d.eE+-]+)[\s,]+(-?[\d.eE+-]+)/.exec(group.getAttribute('transform'));
    return m ? [parseFloat(m[1]), parseFloat(m[2])] : null;
  }
  function shownCount(ids) {
    return ids.filter(function (id) {
      return (index.t.get(id) || []).some(function (n) { return n.style.display !== 'none'; });
    }).length;
  }
  // the drawing after the last step against the target's goal (worked out in Python from the
  // target instance, not from the steps); null where the target states no goal
  function goalReached() {
    var g = data.goal, tol = g.tolerance || 0.5, checked = false, ok = true;
    if (!g || !g.positions) return null;
    Object.keys(g.positions).forEach(function (id) {
      checked = true;
      var p = position(id), q = g.positions[id];
      if (!p || Math.abs(p[0] - q[0]) > tol || Math.abs(p[1] - q[1]) > tol) ok = false;
    });
    if (g.occupied && g.occupied.length) {
      checked = true;
      var want = g.occupied.map(function (q) { return q[0].toFixed(1) + ',' + q[1].toFixed(1); }).sort();
      var have = g.movers.map(position).map(function (p) { return p ? p[0].toFixed(1) + ',' + p[1].toFixed(1) : '?'; }).sort();
      if (want.join(' ') !== have.join(' ')) ok = false;
    }
    Object.keys(g.marks || {}).forEach(function (id) {
      checked = true;
      var nodes = index.t.get(id) || [];
      if (!nodes.length || !nodes.every(function (n) { return n.classList.contains('npw-' + g.marks[id]); })) ok = false;
    });
    if (g.survivors !== null && g.survivors !== undefined) {
      checked = true;
      if (shownCount(g.movers) !== g.survivors) ok = false;
    }
    return checked ? ok : null;
  }
  function pause() { if (timer) { clearInterval(timer); timer = null; } playButton.textContent = 'play'; }
  function play() {
    if (timer) { pause(); return; }
    if (at >= steps.length) goto(0);
    playButton.textContent = 'pause';
    var delay = Math.max(15, Math.min(600, 12000 / Math.max(1, steps.length)));
    timer = setInterval(function () { if (goto(at + 1) >= steps.length) pause(); }, delay);
  }
  var playButton = document.getElementById('play');
  if (steps.length) {
    scrub.max = steps.length;
    playButton.addEventListener('click', play);
    document.getElementById('first').addEventListener('click', function () { pause(); goto(0); });
    document.getElementById('back').addEventListener('click', function () { pause(); goto(at - 1); });
    document.getElementById('next').addEventListener('click', function () { pause(); goto(at + 1); });
    document.getElementById('last').addEventListener('click', function () { pause(); goto(steps.length); });
    scrub.addEventListener('input', function () { pause(); goto(parseInt(scrub.value, 10)); });
    goto(0);
  }
  // zoom: the drawing's width in its panel, halved or doubled by the buttons, or by the wheel
  // about the point under the pointer; a drag pans (the panel scrolls); "fit" goes back
  function zoomTo(panel, scale, cx, cy) {
    var svg = panel.querySelector('svg');
    if (!svg) return;
    var old = svg.getBoundingClientRect();
    scale = Math.max(0.25, Math.min(16, scale));
    var fx = (panel.scrollLeft + cx) / Math.max(1, old.width), fy = (panel.scrollTop + cy) / Math.max(1, old.height);
    svg.setAttribute('data-scale', scale);
    svg.style.maxWidth = scale === 1 ? '' : 'none';
    svg.style.width = scale === 1 ? '' : (scale * 100) + '%';
    var now = svg.getBoundingClientRect();
    panel.scrollLeft = fx * now.width - cx;
    panel.scrollTop = fy * now.height - cy;
  }
  function scaleOf(panel) {
    var svg = panel.querySelector('svg');
    return svg ? (parseFloat(svg.getAttribute('data-scale')) || 1) : 1;
  }
  document.querySelectorAll('.zoom button').forEach(function (button) {
    button.addEventListener('click', function () {
      var panel = button.closest('.side').querySelector('.drawing');
      var factor = button.getAttribute('data-zoom');
      zoomTo(panel, factor === 'fit' ? 1 : scaleOf(panel) * parseFloat(factor), panel.clientWidth / 2, panel.clientHeight / 2);
    });
  });
  var dragged = false;
  ['s', 't'].forEach(function (side) {
    var panel = sides[side];
    panel.addEventListener('wheel', function (event) {
      if (!event.ctrlKey && !event.altKey) return;  // a plain wheel scrolls as ever
      event.preventDefault();
      var box = panel.getBoundingClientRect();
      zoomTo(panel, scaleOf(panel) * (event.deltaY < 0 ? 1.25 : 0.8), event.clientX - box.left, event.clientY - box.top);
    }, {passive: false});
    var start = null;
    panel.addEventListener('mousedown', function (event) {
      start = [event.clientX, event.clientY, panel.scrollLeft, panel.scrollTop];
      dragged = false;
    });
    window.addEventListener('mousemove', function (event) {
      if (!start) return;
      var dx = event.clientX - start[0], dy = event.clientY - start[1];
      if (Math.abs(dx) + Math.abs(dy) > 4) dragged = true;
      if (dragged) { panel.scrollLeft = start[2] - dx; panel.scrollTop = start[3] - dy; event.preventDefault(); }
    });
    window.addEventListener('mouseup', function () { start = null; });
    // a drag is not a click: the pin stays as it was
    panel.addEventListener('click', function (event) { if (dragged) { event.stopImmediatePropagation(); dragged = false; } }, true);
  });
  window.npwExplore = {
    goto: goto, light: light, clear: clear, goalReached: goalReached, position: position, zoomTo: zoomTo,
    at: function () { return at; }, steps: steps.length, counts: counts,
    indexed: {s: index.s.size, t: index.t.size}, readyMs: performance.now() - started
  };
  document.body.setAttribute('data-ready', '1');
})();
"""


_ZOOM = (' <span class="zoom"><button data-zoom="0.5" title="smaller">-</button>'
         '<button data-zoom="2" title="larger (or Ctrl + wheel; drag to pan)">+</button>'
         '<button data-zoom="fit" title="fit the panel">fit</button></span>')
_SIZE = re.compile(r'<svg\b([^>]*)>')
_LENGTH = re.compile(r'\b(width|height)="([\d.]+)(?:px)?"')


def _inline_svg(svg: str) -> str:
    """An SVG document as a fragment of the page: its XML declaration and doctype dropped, and a
    ``viewBox`` added from its width and height where it has none, so it scales to its panel.

    >>> _inline_svg('<?xml version="1.0"?><svg width="90" height="30"><g/></svg>')
    '<svg viewBox="0 0 90 30" width="90" height="30"><g/></svg>'
    """
    text = svg.strip()
    if text.startswith("<?xml"):
        text = text[text.index("?>") + 2:].lstrip()
    if text.startswith("<!DOCTYPE"):
        text = text[text.index(">") + 1:].lstrip()
    opening = _SIZE.search(text)
    if opening and "viewBox" not in opening.group(1):
        size = dict(_LENGTH.findall(opening.group(1)))
        if "width" in size and "height" in size:
            text = text[:opening.start()] + f'<svg viewBox="0 0 {size["width"]} {size["height"]}"' + \
                text[opening.start() + 4:]
    return text


def _json_in_script(value: Any) -> str:
    # "</" would end the script element early; "<\/" reads back as the same JSON string
    return json.dumps(value, separators=(",", ":")).replace("</", "<\\/")


def _findings(page: Exploration) -> str:
    rows = [f"<p>source: <b>{page.source_answer}</b> &middot; target: <b>{page.target_answer}</b>"
            + ("" if page.backward_ok is None else
               f" &middot; backward map's result {'accepted' if page.backward_ok else 'REJECTED'} by the "
               f"{html.escape(page.source_problem)} checker") + "</p>"]
    if page.source_answer != "YES" or page.claims:
        rows.append("<p>The verifier's findings for this case (npw verify's per-case check): the deciders' answers "
                    "above, and the proof's claims:</p>")
    if page.claims:
        rows.append("<table><tr><th>claim</th><th>held</th><th>failed</th></tr>" + "".join(
            f"<tr><td>{html.escape(name)}</td><td>{held}</td><td>{failed}</td></tr>"
            for name, (held, failed) in sorted(page.claims.items())) + "</table>")
    elif page.source_answer != "YES":
        rows.append("<p>(no claim of the proof applies to this case)</p>")
    for kind, detail in page.failures:
        rows.append(f'<p class="failure">FAILURE {html.escape(kind)}: {html.escape(detail)}</p>')
    for note in page.notes:
        rows.append(f"<p class=\"note\">note: {html.escape(note)}</p>")
    return "\n".join(rows)


def render_page(page: Exploration) -> str:
    """The page as one HTML document."""
    data = {"reduction": page.reduction_id, "source": page.source_problem, "target": page.target_problem,
            "forward": {k: list(v) for k, v in page.forward_links.items()},
            "backward": {k: list(v) for k, v in page.backward_links.items()},
            "steps": [step.as_json() for step in page.steps], "goal": dict(page.goal),
            "answers": {"source": page.source_answer, "target": page.target_answer}}
    # plain-text button labels: the media-control glyphs are missing from many fonts
    player = ("" if not page.steps else
              '<section id="player"><button id="first" title="to the start">|&lt;</button>'
              '<button id="back" title="one step back">&lt;</button>'
              '<button id="play" title="play / pause">play</button>'
              '<button id="next" title="one step">&gt;</button>'
              '<button id="last" title="to the end">&gt;|</button> '
              f'<input id="scrub" type="range" min="0" max="{len(page.steps)}" value="0"> '
              '<span id="counter"></span><span id="caption"></span><span id="goal"></span></section>')
    title = html.escape(page.reduction_id)
    return "\n".join([
        "<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
        f"<title>npw explore: {title}</title><style>{_STYLE}</style></head><body>",
        f"<header><h1>{title}: {html.escape(page.source_problem)} &rarr; {html.escape(page.target_problem)}</h1>",
        f"<p>{html.escape(page.reference)}</p>",
        "<p>Hover or click an element on either side: what it produced (or came from) lights up on the other; "
        "the target is drawn by what each source element produced (boxed and labelled with it). Zoom with the "
        "buttons or Ctrl + wheel, drag to pan. "
        + ("The forward certificate plays on the target below; its last step shows the backward map's result on "
           "the source." if page.steps else "") + "</p></header>",
        '<main><section class="side" id="side-s">'
        f"<h2>source: {html.escape(page.source_problem)}{_ZOOM}</h2><div class=\"drawing\">{_inline_svg(page.source_svg)}</div>"
        '</section><section class="side" id="side-t">'
        f"<h2>target: {html.escape(page.target_problem)}{_ZOOM}</h2><div class=\"drawing\">{_inline_svg(page.target_svg)}</div>"
        "</section></main>",
        player,
        '<section id="status">hover or click an element</section>',
        f'<section id="findings">{_findings(page)}</section>',
        f'<script type="application/json" id="npw-data">{_json_in_script(data)}</script>',
        f"<script>{_SCRIPT}</script>", "</body></html>", ""])
