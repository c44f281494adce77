/* 3-SAT -> Independent Set (Karp 1972) over npw's standard-streams protocol, in C.
 *
 * Each clause becomes a triangle of its three literal occurrences (vertex 3i+j is the j-th
 * literal of clause i); occurrences of complementary literals in different clauses are joined;
 * k is the number of clauses. npw sends one JSON request a line on stdin and reads one JSON
 * answer a line on stdout (docs/exec_protocol.md):
 *
 *     gcc -O2 -o 3sat_to_indset examples/exec/3sat_to_indset.c
 *     npw verify --exec ./3sat_to_indset --exhaustive 1 --random 20
 *
 * Compiled with -DWRONG it forgets the edges between complementary literals: npw finds a
 * source that is unsatisfiable while its target has an independent set of size k.
 *
 * The requests are small and simple, so a tiny JSON reader does (objects, arrays, integers,
 * strings without escapes, true/false/null).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct J {
    char type; /* 'o' object, 'a' array, 'n' number, 's' string, 't' true, 'f' false, 'z' null */
    long num;
    char *str;
    int n;
    char **keys;
    struct J **items;
} J;

static const char *p; /* the reader's position in the line */
static int bad;       /* the line is not JSON this reader understands */

static void skip(void) { while (*p && isspace((unsigned char)*p)) p++; }

static J *value(void);

static J *make(char type) {
    J *j = calloc(1, sizeof(J));
    j->type = type;
    return j;
}

static char *string(void) { /* at the opening quote */
    const char *start = ++p;
    while (*p && *p != '"') { if (*p == '\\') p++; if (*p) p++; }
    if (*p != '"') { bad = 1; return NULL; }
    char *s = malloc(p - start + 1);
    memcpy(s, start, p - start);
    s[p - start] = 0;
    p++;
    return s;
}

static void push(J *j, char *key, J *item) {
    j->items = realloc(j->items, (j->n + 1) * sizeof(J *));
    j->keys = realloc(j->keys, (j->n + 1) * sizeof(char *));
    j->items[j->n] = item;
    j->keys[j->n] = key;
    j->n++;
}

static J *value(void) {
    skip();
    if (bad) return NULL;
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        J *j = make(*p == '{' ? 'o' : 'a');
        p++;
        skip();
        if (*p == close) { p++; return j; }
        for (;;) {
            char *key = NULL;
            skip();
            if (j->type == 'o') {
                if (*p != '"') { bad = 1; return j; }
                key = string();
                skip();
                if (*p != ':') { bad = 1; return j; }
                p++;
            }
            push(j, key, value());
            if (bad) return j;
            skip();
            if (*p == ',') { p++; continue; }
            if (*p == close) { p++; return j; }
            bad = 1;
            return j;
        }
    }
    if (*p == '"') { J *j = make('s'); j->str = string(); return j; }
    if (!strncmp(p, "true", 4)) { p += 4; return make('t'); }
    if (!strncmp(p, "false", 5)) { p += 5; return make('f'); }
    if (!strncmp(p, "null", 4)) { p += 4; return make('z'); }
    if (*p == '-' || isdigit((unsigned char)*p)) {
        char *end;
        J *j = make('n');
        j->num = strtol(p, &end, 10);
        p = end;
        if (*p == '.' || *p == 'e' || *p == 'E') bad = 1; /* no fractions in these formats */
        return j;
    }
    bad = 1;
    return NULL;
}

static void release(J *j) {
    if (!j) return;
    for (int i = 0; i < j->n; i++) { release(j->items[i]); free(j->keys[i]); }
    free(j->items);
    free(j->keys);
    free(j->str);
    free(j);
}

static J *get(J *j, const char *key) {
    if (!j || j->type != 'o') return NULL;
    for (int i = 0; i < j->n; i++) if (!strcmp(j->keys[i], key)) return j->items[i];
    return NULL;
}

/* -- the reduction ------------------------------------------------------------------------ */

static int num_vars, num_clauses;
static long *lits; /* lits[3i+j]: the j-th literal of clause i */

static const char *read_source(J *request) {
    J *src = get(request, "source"), *n = get(src, "num_vars"), *clauses = get(src, "clauses");
    if (!n || n->type != 'n' || !clauses || clauses->type != 'a') return "the request has no 3sat source";
    num_vars = (int)n->num;
    num_clauses = clauses->n;
    free(lits);
    lits = malloc((3 * num_clauses + 1) * sizeof(long));
    for (int i = 0; i < num_clauses; i++) {
        J *clause = clauses->items[i];
        if (clause->type != 'a' || clause->n != 3) return "a 3sat clause has three literals";
        for (int j = 0; j < 3; j++) lits[3 * i + j] = clause->items[j]->num;
    }
    return NULL;
}

static int joined(int a, int b) { /* a < b */
    if (a / 3 == b / 3) return 1; /* the triangle of a clause */
#ifdef WRONG
    return 0; /* the mistake: complementary occurrences left unjoined */
#else
    return lits[a] == -lits[b];
#endif
}

static void reduce(void) {
    int n = 3 * num_clauses, first = 1;
    printf("{\"target\":{\"problem\":\"indset\",\"num_vertices\":%d,\"k\":%d,\"edges\":[", n, num_clauses);
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            if (joined(a, b)) { printf(first ? "[%d,%d]" : ",[%d,%d]", a, b); first = 0; }
    printf("]}}\n");
}

static void size(void) {
    int n = 3 * num_clauses, edges = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) edges += joined(a, b);
    printf("{\"size\":{\"vertices\":%d,\"edges\":%d,\"k\":%d}}\n", n, edges, num_clauses);
}

static void forward(J *assignment) { /* in each clause, the first occurrence made true */
    printf("{\"certificate\":[");
    int first = 1;
    for (int i = 0; i < num_clauses; i++)
        for (int j = 0; j < 3; j++) {
            long lit = lits[3 * i + j];
            long var = lit > 0 ? lit : -lit;
            int value = var <= assignment->n && assignment->items[var - 1]->type == 't';
            if (value == (lit > 0)) { printf(first ? "%d" : ",%d", 3 * i + j); first = 0; break; }
        }
    printf("]}\n");
}

static void backward(J *vertices) { /* a chosen occurrence makes its literal true; the rest false */
    char *values = calloc(num_vars + 1, 1);
    for (int i = 0; i < vertices->n; i++) {
        long v = vertices->items[i]->num;
        if (v < 0 || v >= 3 * num_clauses) continue;
        long lit = lits[v];
        values[lit > 0 ? lit - 1 : -lit - 1] = lit > 0;
    }
    printf("{\"certificate\":[");
    for (int i = 0; i < num_vars; i++) printf(i ? ",%s" : "%s", values[i] ? "true" : "false");
    printf("]}\n");
    free(values);
}

int main(void) {
    char *line = NULL;
    size_t capacity = 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    while (getline(&line, &capacity, stdin) > 0) {
        p = line;
        bad = 0;
        J *request = value();
        J *op = get(request, "op");
        const char *why = NULL;
        if (bad || !op || op->type != 's') {
            printf("{\"error\":\"a request is a JSON object with an op\"}\n");
        } else if (!strcmp(op->str, "hello")) {
            printf("{\"source\":\"3sat\",\"target\":\"indset\"}\n");
        } else if ((why = read_source(request)) != NULL) {
            printf("{\"error\":\"%s\"}\n", why);
        } else if (!strcmp(op->str, "reduce")) {
            reduce();
        } else if (!strcmp(op->str, "size")) {
            size();
        } else if (!strcmp(op->str, "forward") || !strcmp(op->str, "backward")) {
            J *certificate = get(request, "certificate");
            if (!certificate || certificate->type != 'a')
                printf("{\"error\":\"the request has no certificate\"}\n");
            else if (op->str[0] == 'f')
                forward(certificate);
            else
                backward(certificate);
        } else {
            printf("{\"error\":\"unknown op\"}\n");
        }
        fflush(stdout);
        release(request);
    }
    free(line);
    return 0;
}
