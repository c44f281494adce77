"""What each registered reduction has been verified on: the "checked" column of the README.

One line per reduction id (or chain id) saying which streams ``npw verify`` passed and at what
size; the commands and their figures (cases, seconds) are in BENCHMARKS.md. The README's
reduction table is written from the registry and this table by :mod:`npw.readme_tables`, and
``tests/test_readme_tables.py`` fails when the two drift apart, or when a registered reduction
has no line here.

>>> CHECKED["1in3sat-to-224sat"]
'every instance up to 3 clauses; 10,000 random'
"""

from __future__ import annotations

CHECKED: dict[str, str] = {
    "1in3sat-to-224sat": "every instance up to 3 clauses; 10,000 random",
    "224sat-to-rel": "every instance up to m = 3 and 300 random (m <= 6)",
    "224sat-to-rel-cap2": "every instance up to m = 3 and 300 random (m <= 6)",
    "224sat-to-rel-undirected": "every instance up to m = 3 and 300 random (m <= 6)",
    "1in3sat-to-rel": "certificates both ways; 200 random (target m = 7 to 70): every target decided by the "
                      "local decider, 140 yes and 60 no, no mismatch",
    "224sat-to-npuz": "read-back REL instance = Theorem 2's for every instance up to m = 3; forward reaches B2 "
                      "within k and backward decodes it (m <= 3 exhaustive, random m <= 6, with detours); m = 2 at "
                      "the paper's unit: 1.15 billion forward moves simulated and decoded. The no-direction's "
                      "Lemmas 1-4 are the paper's, not checked",
    "3partition-to-bwp": "every instance with m <= 2 and B <= 16 (35 yes, 3 no: all targets decided, both answers; "
                         "each no-target's NO by two deciders that agree, tight and phases), "
                         "100 random",
    "3partition-to-bwp-compact": "**not a reduction** (`examples/bwp_compact_counterexample.py`): a 32-step solution "
                                 "of the no-instance (4,4,4,4,4,6), B = 13; `--exhaustive 16 --timeout 120` finds "
                                 "the mismatch by itself ((6,6,6,4,4,4), B = 15: NO->YES) in about 15 minutes",
    "hampath-to-solochess-rook-pawn-as-stated": "flagged: counterexamples both ways (BENCHMARKS.md, Findings)",
    "3sat-to-indset": "every 3-SAT instance up to 3 clauses over 3 variables (29,036), 300 random",
    "indset-to-vertexcover": "every graph up to 7 vertices with every k (9,727), 300 random",
    "vertexcover-to-indset": "every graph up to 7 vertices with every k (9,727), 300 random",
    "indset-to-clique": "every graph up to 7 vertices with every k (9,727), 300 random",
    "clique-to-indset": "every graph up to 7 vertices with every k (9,727), 300 random",
    "vertexcover-to-domset": "every graph up to 7 vertices with every k (9,727), 300 random",
    "3sat-to-subsetsum": "every 3-SAT instance up to 3 clauses over 3 variables (29,036), 300 random",
    "subsetsum-to-partition": "every instance of total <= 14, 300 random",
    "3dm-to-x3c": "every 3DM instance of q <= 3 with up to 6 triples, up to renaming (2,243), 300 random",
    "3sat-to-3dm": "every 3-SAT instance up to 3 clauses over 3 variables (29,036), 300 random of 3-5 variables "
                   "(the reduction's `source_sample`: targets of at most 16,500 triples; 253 yes, 47 no), and 30 "
                   "random of the 3-SAT sample (targets up to 96,600 triples)",
    "partition-to-knapsack": "every instance of total <= 24 (7,338), 300 random",
    "4partition-to-3partition": "every instance with m <= 2 and B <= 50 (892), 300 random",
    "3dm-to-4partition": "every 3DM instance with q <= 3 and at most 6 triples up to renaming (2,243; 540 of the "
                         "no-instances reach the construction, the rest have an element in no triple), 300 random",
    "3sat-to-3col": "every 3-SAT instance up to 3 clauses over 3 variables (29,036), 300 random",
    "cnf-to-3sat": "every CNF over up to 3 variables with up to 3 clauses of width 1-2 (809), 300 random of widths 1-5",
    "3sat-to-nae4sat": "every 3-SAT instance up to 3 clauses over 3 variables (29,036), 300 random",
    "nae4sat-to-nae3sat": "every NAE-4-SAT instance up to 2 clauses over 3 variables (6,837), 300 random",
    "dhamcycle-to-hamcycle": "every digraph up to 4 vertices (238), 300 random",
    "hamcycle-to-hampath": "every graph up to 7 vertices (1,252), 300 random",
    "vertexcover-to-hamcycle": "every graph up to 7 vertices with every k (9,727), 300 random of up to 7 vertices "
                               "and 12 edges (targets up to 151 vertices); targets decided by the edge encoding",

    "pm3sat-to-solochess-king-knight": "every pm3sat-2occ instance up to 4 variables and 4 clauses (3,036: 2,822 yes, "
                                       "214 no), 100 random (56 yes, 44 no); no-targets decided by the walk decider",
    "pm3sat-to-solochess-pawn-knight": "every pm3sat-2occ instance up to 4 variables and 4 clauses (3,036: 2,822 yes, "
                                       "214 no), 100 random (56 yes, 44 no); no-targets decided by the walk decider",
    "pm3sat-to-solochess-king-bishop": "every pm3sat-2occ instance up to 4 variables and 4 clauses (3,036: 2,822 yes, "
                                       "214 no), 100 random (56 yes, 44 no); no-targets decided by the walk decider (its "
                                       "lemma for rider villains)",

    "pm3sat-to-solochess-knight-rook": "every pm3sat-2occ instance up to 4 variables and 4 clauses (3,036: 2,822 yes, "
                                       "214 no), 100 random (56 yes, 44 no); no-targets decided by the walk decider "
                                       "(its lemma on sparse lines)",
    "pm3sat-to-solochess-knight-bishop": "every pm3sat-2occ instance up to 4 variables and 4 clauses (3,036: 2,822 "
                                         "yes, 214 no), 100 random (56 yes, 44 no); no-targets decided by the walk "
                                         "decider (its lemma on sparse lines)",
    "pm3sat-to-solochess-knight-queen": "every pm3sat-2occ instance up to 4 variables and 4 clauses (3,036: 2,822 "
                                        "yes, 214 no), 100 random (56 yes, 44 no); no-targets decided by the walk "
                                        "decider (its line condition, a claim)",
    "pm3sat-to-pm3sat-2occ": "every planar layout up to 4 variables and 4 clauses up to symmetry (3,746: 3,521 yes, "
                             "225 no), 1,000 random (both answers); every output layout validated planar",
    "vertexcover-to-fvs": "every graph up to 7 vertices with every k (9,727), 300 random",
    "x3c-to-setcover": "every X3C instance of q <= 2 up to renaming (2,139), 300 random",
}

# the Solo Chess reductions of Section 3.1 share one line, and so do their -unrestricted forms
_SOLO_CHESS = "every max-degree-3 grid graph up to 7-8 vertices, 100 random"
for _pair in ("rook-pawn", "knight-pawn", "knight-king", "king-pawn", "rook-king", "rook-knight", "queen-pawn",
              "queen-bishop", "queen-king", "queen-knight", "rook-bishop", "bishop-pawn", "bishop-king",
              "bishop-knight", "bishop-rook", "queen-rook"):
    CHECKED.setdefault(f"hampath-to-solochess-{_pair}", _SOLO_CHESS)
    CHECKED.setdefault(f"hampath-to-solochess-{_pair}-unrestricted", _SOLO_CHESS)
for _pair in ("rook-pawn", "rook-king", "rook-knight"):
    CHECKED.setdefault(f"hampath-to-solochess-{_pair}-stretched", _SOLO_CHESS)
