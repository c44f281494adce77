// 3-SAT -> Independent Set (Karp 1972) over npw's standard-streams protocol, in JavaScript (Node).
//
// Each clause becomes a triangle of its three literal occurrences (vertex 3i+j is the j-th literal
// of clause i); occurrences of complementary literals in different clauses are joined; k is the
// number of clauses. npw sends one JSON request a line on stdin and reads one JSON answer a line
// on stdout (docs/exec_protocol.md):
//
//     npw verify --exec "node examples/exec/3sat_to_indset.js" --exhaustive 1 --random 20
//
// With --wrong it forgets the edges between complementary literals: npw finds a source that is
// unsatisfiable while its target has an independent set of size k.
"use strict";

const readline = require("readline");

const WRONG = process.argv.includes("--wrong");

function occurrences(formula) {
  return formula.clauses.flat();
}

function joined(lits, a, b) {
  if (Math.floor(a / 3) === Math.floor(b / 3)) return true; // the triangle of a clause
  if (WRONG) return false; // the mistake: complementary occurrences left unjoined
  return lits[a] === -lits[b];
}

function edges(formula) {
  const lits = occurrences(formula);
  const out = [];
  for (let a = 0; a < lits.length; a++) {
    for (let b = a + 1; b < lits.length; b++) {
      if (joined(lits, a, b)) out.push([a, b]);
    }
  }
  return out;
}

const ops = {
  hello: () => ({ source: "3sat", target: "indset" }),
  reduce: ({ source }) => ({
    target: { problem: "indset", num_vertices: 3 * source.clauses.length, edges: edges(source), k: source.clauses.length },
  }),
  size: ({ source }) => ({
    size: { vertices: 3 * source.clauses.length, edges: edges(source).length, k: source.clauses.length },
  }),
  // in each clause, the first occurrence the assignment makes true
  forward: ({ source, certificate }) => {
    const chosen = [];
    source.clauses.forEach((clause, i) => {
      const j = clause.findIndex((lit) => certificate[Math.abs(lit) - 1] === lit > 0);
      if (j >= 0) chosen.push(3 * i + j);
    });
    return { certificate: chosen };
  },
  // a chosen occurrence makes its literal true; variables no chosen vertex mentions are false
  backward: ({ source, certificate }) => {
    const lits = occurrences(source);
    const values = new Array(source.num_vars).fill(false);
    for (const v of certificate) values[Math.abs(lits[v]) - 1] = lits[v] > 0;
    return { certificate: values };
  },
};

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  if (!line.trim()) return;
  let answer;
  try {
    const request = JSON.parse(line);
    const op = ops[request.op];
    answer = op ? op(request) : { error: `unknown op ${JSON.stringify(request.op)}` };
  } catch (error) {
    answer = { error: String(error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
