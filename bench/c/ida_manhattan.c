/* Plain IDA* with the Manhattan distance: the C reference of bench/npuz_kernel.py.
 *
 * The same search as npw's compiled kernel (solvers/npuz/kernel.py, ida_manhattan): moves
 * U, D, L, R of the blank, never the inverse of the previous move; a child is *generated*
 * when its heuristic is evaluated, a node *expanded* when the search descends into it, plus
 * the root once per iteration. So both search the identical tree and report the same counts
 * and the same first solution; the bench asserts it.
 *
 * Input (standard input), one instance per line: n, then the n*n start tiles, then the n*n
 * goal tiles (0 is the blank). Output, one line per instance:
 *   length expanded generated cpu_seconds moves
 * cpu_seconds covers the search only (CLOCK_PROCESS_CPUTIME_ID), not reading the input.
 * Build: cc -O2 -o ida_manhattan ida_manhattan.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAXCELLS 64
#define MAXDEPTH 1024

static int n, cells;
static int board[MAXCELLS], goal[MAXCELLS], nbr[MAXCELLS * 4];
static int dist[MAXCELLS][MAXCELLS];
static int path[MAXDEPTH];
static int bound, next_bound, length;
static long long expanded, generated;

static int is_goal(void) {
    for (int i = 0; i < cells; i++)
        if (board[i] != goal[i]) return 0;
    return 1;
}

static int dfs(int depth, int blank, int last, int h) {
    for (int m = 0; m < 4; m++) {
        if (depth > 0 && last == (m ^ 1)) continue;
        int target = nbr[blank * 4 + m];
        if (target < 0) continue;
        int tile = board[target];
        int hc = h + dist[tile][blank] - dist[tile][target];
        generated++;
        int f = depth + 1 + hc;
        if (f > bound) {
            if (f < next_bound) next_bound = f;
            continue;
        }
        board[blank] = tile;
        board[target] = 0;
        path[depth] = m;
        if (hc == 0 && is_goal()) {
            length = depth + 1;
            return 1;
        }
        if (depth + 1 >= MAXDEPTH) return -1;
        expanded++;
        int found = dfs(depth + 1, target, m, hc);
        if (found) return found;
        board[target] = tile;
        board[blank] = 0;
    }
    return 0;
}

int main(void) {
    while (scanf("%d", &n) == 1) {
        cells = n * n;
        if (n < 2 || cells > MAXCELLS) { fprintf(stderr, "ida_manhattan: n = %d not supported\n", n); return 2; }
        int goalpos[MAXCELLS], blank = -1;
        for (int i = 0; i < cells; i++) {
            if (scanf("%d", &board[i]) != 1) return 2;
            if (board[i] == 0) blank = i;
        }
        for (int i = 0; i < cells; i++) {
            if (scanf("%d", &goal[i]) != 1) return 2;
            goalpos[goal[i]] = i;
        }
        for (int c = 0; c < cells; c++) {
            int r = c / n, k = c % n;
            nbr[c * 4] = r > 0 ? c - n : -1;
            nbr[c * 4 + 1] = r < n - 1 ? c + n : -1;
            nbr[c * 4 + 2] = k > 0 ? c - 1 : -1;
            nbr[c * 4 + 3] = k < n - 1 ? c + 1 : -1;
        }
        for (int t = 0; t < cells; t++)
            for (int c = 0; c < cells; c++)
                dist[t][c] = t == 0 ? 0 : abs(c / n - goalpos[t] / n) + abs(c % n - goalpos[t] % n);
        int h0 = 0;
        for (int c = 0; c < cells; c++) h0 += dist[board[c]][c];
        struct timespec t0, t1;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
        expanded = generated = 0;
        length = 0;
        int found = is_goal();
        bound = h0;
        while (!found) {
            next_bound = 1 << 30;
            expanded++; /* the root */
            found = dfs(0, blank, -1, h0);
            if (found < 0) { fprintf(stderr, "ida_manhattan: deeper than %d\n", MAXDEPTH); return 1; }
            bound = next_bound;
        }
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
        double seconds = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
        printf("%d %lld %lld %.6f ", length, expanded, generated, seconds);
        for (int i = 0; i < length; i++) putchar("UDLR"[path[i]]);
        putchar('\n');
        fflush(stdout);
    }
    return 0;
}
