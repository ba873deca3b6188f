/* The dictionary fill's word propagator in C, registered through clingo's C API.
 *
 * The same algorithm as pyclingo_puzzles/crossword/engine/propagator.py (WordPropagator), step for step,
 * so that both take the same decisions on the same grid, dictionary and seed: the clauses, their
 * literal order, the watches, the step counts and the random draws (CPython's Mersenne Twister,
 * seeded as random.Random(seed) is) are the same. Read that file for the why of each step; the
 * comments here are about what differs: candidate sets are reversible sparse bitsets (only the
 * changed 64-bit blocks go on the trail, blocks that became zero drop out of the scans), and the
 * words a place's letters still allow are computed only on the blocks an explanation still looks at.
 *
 * Built without Python.h: every clingo_* symbol resolves against the clingo library that
 * `import clingo` has loaded with global symbols. Python hands over the static problem (letters,
 * word tables as bitsets, slots, places, candidates) once; everything that depends on the solver
 * (literals, watches, per-thread state) is rebuilt by init, which clingo calls on every solve.
 * Errors (out of memory) are reported through clingo_set_error and a false return, which clingo
 * turns into a Python exception; nothing here prints or aborts.
 */
#include "fillprop.h"

#include <clingo.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t word_t;

/* bits set in x (SWAR: without -mpopcnt, __builtin_popcountll is a library call) */
static inline int popcount64(word_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* ------------------------------------------------------------------ allocation (counted: tests check for leaks) */

/* Atomic (relaxed): clingo's solver threads allocate during the search (clauses, trails). */
static int64_t live_blocks = 0; /* allocations not yet freed */
static int64_t fail_after = -1; /* tests: the allocation that fails (counting down), -1: none */

static void *fp_alloc(size_t n) {
    if (__atomic_load_n(&fail_after, __ATOMIC_RELAXED) >= 0 &&
        __atomic_fetch_sub(&fail_after, 1, __ATOMIC_RELAXED) == 0)
        return NULL;
    void *p = calloc(n ? n : 1, 1);
    if (p) __atomic_fetch_add(&live_blocks, 1, __ATOMIC_RELAXED);
    return p;
}

static void fp_release(void *p) {
    if (p) {
        __atomic_fetch_sub(&live_blocks, 1, __ATOMIC_RELAXED);
        free(p);
    }
}

#define ALLOC(ptr, count) ((ptr) = fp_alloc(sizeof(*(ptr)) * (size_t)(count)))

/* a growable array of int32 */
typedef struct {
    int32_t *items;
    int32_t size, cap;
} ivec;

static int ivec_push(ivec *v, int32_t x) {
    if (v->size == v->cap) {
        int32_t cap = v->cap ? 2 * v->cap : 8;
        int32_t *items;
        if (!ALLOC(items, cap)) return 0;
        if (v->size) memcpy(items, v->items, sizeof(int32_t) * (size_t)v->size);
        fp_release(v->items);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->size++] = x;
    return 1;
}

static void ivec_free(ivec *v) {
    fp_release(v->items);
    v->items = NULL;
    v->size = v->cap = 0;
}

/* ------------------------------------------------------------------ CPython's random.Random */

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t mt[MT_N];
    int mti;
} mt_state;

static void mt_init_genrand(mt_state *st, uint32_t s) {
    st->mt[0] = s;
    for (int i = 1; i < MT_N; i++) st->mt[i] = 1812433253U * (st->mt[i - 1] ^ (st->mt[i - 1] >> 30)) + (uint32_t)i;
    st->mti = MT_N;
}

/* random.Random(seed) for an int seed: the 32-bit chunks of abs(seed), least significant first */
static void mt_init_by_array(mt_state *st, const uint32_t *key, size_t len) {
    mt_init_genrand(st, 19650218U);
    size_t i = 1, j = 0, k = MT_N > len ? MT_N : len;
    uint32_t *mt = st->mt;
    for (; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= len) j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
}

static uint32_t mt_next(mt_state *st) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y, *mt = st->mt;
    if (st->mti >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        st->mti = 0;
    }
    y = mt[st->mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static double mt_random(mt_state *st) { /* random.random() */
    uint32_t a = mt_next(st) >> 5, b = mt_next(st) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

static uint32_t mt_below(mt_state *st, uint32_t n) { /* random.Random._randbelow(n), n >= 1 */
    int k = 0;
    while ((n >> k) != 0 && k < 32) k++; /* n.bit_length() */
    uint32_t r;
    do r = k ? mt_next(st) >> (32 - k) : 0;
    while (r >= n);
    return r;
}

/* ------------------------------------------------------------------ the problem (static, from Python) */

typedef struct {
    int32_t length, nwords, nblocks;
    word_t last; /* the bits of the last block that are words */
    const word_t **mask; /* [position * nletters + letter]: the words with that letter there, or NULL */
    int64_t *scores;     /* per word when the dictionary is scored (words sorted best first), else NULL */
} table_t;

typedef struct {
    int32_t table, length, nblocks;
    int32_t *places; /* per position */
    word_t *given;   /* the candidates Python pruned to (nblocks) */
} slot_t;

typedef struct {
    int32_t slot, pos;
} slotpos;

typedef struct {
    int32_t slot;
    const word_t *mask; /* NULL: no word */
} slotmask;

typedef struct {
    ivec setting;   /* place, option pairs it sets (flattened) */
    ivec ruling;    /* place, option pairs it rules out */
    ivec keeps;     /* slot, index into keep_masks */
    ivec drops;
} litinfo;

typedef struct thread thread_t;

/* What steers one solver thread's search and outlives a solve (init keeps it): its value rule, the
 * failure counts behind "failures", its random draws and its counts. Thread 0's is the propagator's
 * as one thread runs it; thread t > 0 draws from random.Random's key with t appended and takes the
 * t-th value rule after the given one, so threads that share clingo's nogoods search differently. */
typedef struct {
    int value_rule; /* 0 failures, 1 product, 2 min */
    int random_first;
    mt_state rng;
    int64_t steps, conflicts; /* steps: atomic (relaxed), the progress sums them across threads */
    int64_t *fails;           /* per slot, plus one for "no slot" at index nslots */
} searcher_t;

struct fp_problem {
    /* static */
    int32_t nletters, ntables, nslots, nplaces;
    char **letters;  /* UTF-8 */
    table_t *tables;
    word_t *mask_store;
    slot_t *slots;
    int32_t *place_row, *place_col;
    slotpos **slots_at; /* per place: its (slot, position) pairs */
    int32_t *nslots_at;
    int32_t *crossing_a, *crossing_b; /* per place: the first two slots through it (-1: none) */
    int no_repeat;                    /* no word twice */
    int value_rule, random_first;     /* as given: each thread's searcher starts from them */
    int scored;                       /* decide by the best words' scores */
    int64_t *progress; /* shared memory of a portfolio worker, or NULL */
    uint32_t *seed_key; /* random.Random's key, with room for a thread number after it */
    int32_t seed_len;
    searcher_t *search; /* per solver thread (at least one), kept across solves */
    int32_t nsearch;
    /* built by init */
    int ready;
    word_t *base;              /* per slot (slot offsets: block_off) */
    int32_t *block_off;        /* per slot: its first block in slot-sized arrays */
    int32_t total_blocks;
    int32_t *opt_off;          /* per place: its first option (nplaces + 1) */
    int32_t *opt_lit;          /* per option: its solver literal */
    int32_t *opt_letter;       /* per option: its letter id */
    int32_t noptions;
    const word_t **slot_opt_mask; /* per (slot position, option of its place): words, or NULL */
    int32_t *slotpos_off;         /* per slot: offset of its positions in slot_opt_mask rows */
    int32_t *row_off;             /* per (slot position): offset into slot_opt_mask */
    int32_t ncells;               /* size of slot_opt_mask */
    int32_t *fixed0;              /* per place: the letter true at the start, or 0 */
    int32_t *fixed0_opt;
    int32_t maxvar;
    int32_t *info_of; /* literal + maxvar -> index into infos, or -1 */
    litinfo *infos;
    int32_t ninfos;
    const word_t **watch_masks; /* keeps / drops refer to these */
    int32_t nwatch_masks;
    thread_t *threads;
    int32_t nthreads;
};

struct thread {
    int32_t *fixed, *fixed_opt; /* per place */
    int32_t *out, *nout;      /* per place: ruled-out options (capacity: its options) */
    uint8_t *live;            /* per option */
    int32_t *nlive;           /* per place */
    int64_t *version;
    int64_t clock;
    word_t *cur;              /* per slot, block_off */
    int32_t *index, *limit;   /* sparse bitset: the blocks of cur that can be non-zero come first */
    /* trail: (literal, slot, block or -1 for the old limit, old value) */
    int32_t *tr_lit, *tr_slot, *tr_block;
    word_t *tr_old;
    int64_t tr_size, tr_cap;
    uint8_t *dirty_flag;
    int32_t *dirty;
    int32_t ndirty;
    uint8_t *undoing; /* per literal + maxvar */
    word_t *acc;      /* scratch for explanations: max blocks */
    int32_t *active;
    ivec clause, reason;
    int32_t *order, *todo_pos, *todo_off, *gone; /* scratch for narrowing */
    int32_t *hit;                                /* explain(): a place's ruled-out options that count */
    int32_t *seen_word;                          /* check(): per slot its word */
    int32_t *residue; /* per (slot position, option): the block where a word with it was last found */
};

enum { FP_OK = 0, FP_STOP = 1, FP_ERROR = 2 };

static void set_oom(void) { clingo_set_error(clingo_error_bad_alloc, "fill propagator: out of memory"); }

static int fail_oom(void) {
    set_oom();
    return FP_ERROR;
}

static bool out_of_memory(void) {
    set_oom();
    return false;
}

/* ------------------------------------------------------------------ building from Python */

static void free_solve_state(fp_problem *pb);

/* Searchers for threads nsearch..n-1 (see searcher_t); those there already are kept. Their failure
 * counts start at 1, so that before any failure places crossed by two slots come first. */
static int grow_searchers(fp_problem *pb, int32_t n) {
    if (n <= pb->nsearch) return 1;
    searcher_t *search;
    if (!ALLOC(search, n)) return 0;
    if (pb->nsearch) memcpy(search, pb->search, sizeof(searcher_t) * (size_t)pb->nsearch);
    for (int32_t t = pb->nsearch; t < n; t++) {
        searcher_t *sr = &search[t];
        if (!ALLOC(sr->fails, pb->nslots + 1)) {
            for (int32_t u = pb->nsearch; u < t; u++) fp_release(search[u].fails);
            fp_release(search);
            return 0;
        }
        for (int32_t s = 0; s < pb->nslots; s++) sr->fails[s] = 1;
        sr->value_rule = (pb->value_rule + t) % 3;
        sr->random_first = pb->random_first;
        pb->seed_key[pb->seed_len] = (uint32_t)t;
        mt_init_by_array(&sr->rng, pb->seed_key, (size_t)pb->seed_len + (t > 0));
    }
    fp_release(pb->search);
    pb->search = search;
    pb->nsearch = n;
    return 1;
}

/* the letters, copied */
static int copy_letters(fp_problem *pb, const char *const *letters) {
    if (!ALLOC(pb->letters, pb->nletters)) return 0;
    for (int32_t l = 0; l < pb->nletters; l++) {
        size_t n = strlen(letters[l]);
        if (!ALLOC(pb->letters[l], n + 1)) return 0;
        memcpy(pb->letters[l], letters[l], n);
    }
    return 1;
}

/* the word tables: their masks copied into one store, each table's (position, letter) pointing into it */
static int copy_tables(fp_problem *pb, const int32_t *table_length, const int32_t *table_nwords,
                       const uint8_t *table_has, const word_t *masks, const int64_t *scores) {
    int32_t nletters = pb->nletters;
    size_t nmasks_words = 0, flag = 0;
    for (int32_t t = 0; t < pb->ntables; t++) {
        int32_t nb = (table_nwords[t] + 63) / 64;
        for (int32_t k = 0; k < table_length[t] * nletters; k++, flag++)
            if (table_has[flag]) nmasks_words += (size_t)nb;
    }
    if (!ALLOC(pb->tables, pb->ntables) || !ALLOC(pb->mask_store, nmasks_words)) return 0;
    memcpy(pb->mask_store, masks, sizeof(word_t) * nmasks_words);
    const word_t *next = pb->mask_store;
    flag = 0;
    for (int32_t t = 0; t < pb->ntables; t++) {
        table_t *tb = &pb->tables[t];
        tb->length = table_length[t];
        tb->nwords = table_nwords[t];
        tb->nblocks = (tb->nwords + 63) / 64;
        tb->last = (tb->nwords % 64) ? ((word_t)1 << (tb->nwords % 64)) - 1 : ~(word_t)0;
        if (!ALLOC(tb->mask, tb->length * nletters)) return 0;
        if (scores) {
            if (!ALLOC(tb->scores, tb->nwords)) return 0;
            memcpy(tb->scores, scores, sizeof(int64_t) * (size_t)tb->nwords);
            scores += tb->nwords;
        }
        for (int32_t k = 0; k < tb->length * nletters; k++, flag++) {
            if (table_has[flag]) {
                tb->mask[k] = next;
                next += tb->nblocks;
            }
        }
    }
    return 1;
}

/* the slots: table, places and given candidates; their blocks' offsets in slot-sized arrays */
static int copy_slots(fp_problem *pb, const int32_t *slot_table, const int32_t *slot_places, const word_t *given) {
    if (!ALLOC(pb->slots, pb->nslots) || !ALLOC(pb->block_off, pb->nslots + 1)) return 0;
    const int32_t *sp = slot_places;
    const word_t *gv = given;
    for (int32_t s = 0; s < pb->nslots; s++) {
        slot_t *sl = &pb->slots[s];
        sl->table = slot_table[s];
        sl->length = pb->tables[sl->table].length;
        sl->nblocks = pb->tables[sl->table].nblocks;
        pb->block_off[s] = pb->total_blocks;
        pb->total_blocks += sl->nblocks;
        if (!ALLOC(sl->places, sl->length) || !ALLOC(sl->given, sl->nblocks)) return 0;
        memcpy(sl->places, sp, sizeof(int32_t) * (size_t)sl->length);
        memcpy(sl->given, gv, sizeof(word_t) * (size_t)sl->nblocks);
        sp += sl->length;
        gv += sl->nblocks;
    }
    pb->block_off[pb->nslots] = pb->total_blocks;
    return 1;
}

/* the places: row and column, the (slot, position) pairs through each, its first two slots */
static int copy_places(fp_problem *pb, const int32_t *place_row, const int32_t *place_col) {
    int32_t nplaces = pb->nplaces, nslots = pb->nslots;
    if (!ALLOC(pb->place_row, nplaces) || !ALLOC(pb->place_col, nplaces) || !ALLOC(pb->slots_at, nplaces) ||
        !ALLOC(pb->nslots_at, nplaces) || !ALLOC(pb->crossing_a, nplaces) || !ALLOC(pb->crossing_b, nplaces))
        return 0;
    memcpy(pb->place_row, place_row, sizeof(int32_t) * (size_t)nplaces);
    memcpy(pb->place_col, place_col, sizeof(int32_t) * (size_t)nplaces);
    for (int32_t s = 0; s < nslots; s++)
        for (int32_t i = 0; i < pb->slots[s].length; i++) pb->nslots_at[pb->slots[s].places[i]]++;
    for (int32_t p = 0; p < nplaces; p++) {
        if (!ALLOC(pb->slots_at[p], pb->nslots_at[p])) return 0;
        pb->nslots_at[p] = 0;
    }
    for (int32_t s = 0; s < nslots; s++) {
        for (int32_t i = 0; i < pb->slots[s].length; i++) {
            int32_t p = pb->slots[s].places[i];
            pb->slots_at[p][pb->nslots_at[p]++] = (slotpos){s, i};
        }
    }
    for (int32_t p = 0; p < nplaces; p++) {
        pb->crossing_a[p] = pb->nslots_at[p] > 0 ? pb->slots_at[p][0].slot : nslots;
        pb->crossing_b[p] = pb->nslots_at[p] > 1 ? pb->slots_at[p][1].slot : nslots;
    }
    return 1;
}

/* Arguments (flattened arrays; Python keeps them alive only during this call, so all are copied):
 * letters: nletters UTF-8 strings, sorted by code point (letter ids);
 * tables: per table its length and word count; for each table, position and letter id, a flag in
 *   table_has (ntables * length * nletters, table-major) and, where set, the next nblocks words of masks;
 * slots: per slot its table, its places (slot_places, by position), its candidates (given: nblocks each);
 * places: per place its row and column; seed_key: random.Random's key; progress: int64 or NULL;
 * scores: NULL, or per table (in order) a score per word, the words sorted best first. */
fp_problem *fp_new(int32_t nletters, const char *const *letters, int32_t ntables, const int32_t *table_length,
                   const int32_t *table_nwords, const uint8_t *table_has, const word_t *masks, int32_t nslots,
                   const int32_t *slot_table, const int32_t *slot_places, const word_t *given, int32_t nplaces,
                   const int32_t *place_row, const int32_t *place_col, int no_repeat, int value_rule,
                   const uint32_t *seed_key, int32_t seed_len, int random_first, int64_t *progress,
                   const int64_t *scores) {
    fp_problem *pb;
    if (!ALLOC(pb, 1)) return NULL;
    pb->nletters = nletters;
    pb->ntables = ntables;
    pb->nslots = nslots;
    pb->nplaces = nplaces;
    pb->no_repeat = no_repeat;
    pb->value_rule = value_rule;
    pb->random_first = random_first;
    pb->scored = scores != NULL;
    pb->progress = progress;
    pb->seed_len = seed_len;
    if (!ALLOC(pb->seed_key, seed_len + 1)) goto fail;
    memcpy(pb->seed_key, seed_key, sizeof(uint32_t) * (size_t)seed_len);
    if (!grow_searchers(pb, 1) || !copy_letters(pb, letters) ||
        !copy_tables(pb, table_length, table_nwords, table_has, masks, scores) ||
        !copy_slots(pb, slot_table, slot_places, given) || !copy_places(pb, place_row, place_col))
        goto fail;
    return pb;
fail:
    fp_free(pb);
    return NULL;
}

static void free_thread(thread_t *th) {
    fp_release(th->fixed);
    fp_release(th->fixed_opt);
    fp_release(th->out);
    fp_release(th->nout);
    fp_release(th->live);
    fp_release(th->nlive);
    fp_release(th->version);
    fp_release(th->cur);
    fp_release(th->index);
    fp_release(th->limit);
    fp_release(th->tr_lit);
    fp_release(th->tr_slot);
    fp_release(th->tr_block);
    fp_release(th->tr_old);
    fp_release(th->dirty_flag);
    fp_release(th->dirty);
    fp_release(th->undoing);
    fp_release(th->acc);
    fp_release(th->active);
    ivec_free(&th->clause);
    ivec_free(&th->reason);
    fp_release(th->order);
    fp_release(th->todo_pos);
    fp_release(th->todo_off);
    fp_release(th->gone);
    fp_release(th->hit);
    fp_release(th->seen_word);
    fp_release(th->residue);
}

static void free_solve_state(fp_problem *pb) {
    if (pb->threads) {
        for (int32_t t = 0; t < pb->nthreads; t++) free_thread(&pb->threads[t]);
        fp_release(pb->threads);
        pb->threads = NULL;
    }
    pb->nthreads = 0;
    if (pb->infos) {
        for (int32_t k = 0; k < pb->ninfos; k++) {
            ivec_free(&pb->infos[k].setting);
            ivec_free(&pb->infos[k].ruling);
            ivec_free(&pb->infos[k].keeps);
            ivec_free(&pb->infos[k].drops);
        }
        fp_release(pb->infos);
        pb->infos = NULL;
    }
    pb->ninfos = 0;
    fp_release(pb->info_of);
    pb->info_of = NULL;
    fp_release(pb->watch_masks);
    pb->watch_masks = NULL;
    pb->nwatch_masks = 0;
    fp_release(pb->base);
    pb->base = NULL;
    fp_release(pb->opt_off);
    pb->opt_off = NULL;
    fp_release(pb->opt_lit);
    pb->opt_lit = NULL;
    fp_release(pb->opt_letter);
    pb->opt_letter = NULL;
    fp_release(pb->slot_opt_mask);
    pb->slot_opt_mask = NULL;
    fp_release(pb->slotpos_off);
    pb->slotpos_off = NULL;
    fp_release(pb->row_off);
    pb->row_off = NULL;
    fp_release(pb->fixed0);
    pb->fixed0 = NULL;
    fp_release(pb->fixed0_opt);
    pb->fixed0_opt = NULL;
    pb->ready = 0;
}

void fp_free(fp_problem *pb) {
    if (!pb) return;
    free_solve_state(pb);
    if (pb->letters)
        for (int32_t l = 0; l < pb->nletters; l++) fp_release(pb->letters[l]);
    fp_release(pb->letters);
    if (pb->tables)
        for (int32_t t = 0; t < pb->ntables; t++) {
            fp_release((void *)pb->tables[t].mask);
            fp_release(pb->tables[t].scores);
        }
    fp_release(pb->tables);
    fp_release(pb->mask_store);
    if (pb->slots)
        for (int32_t s = 0; s < pb->nslots; s++) {
            fp_release(pb->slots[s].places);
            fp_release(pb->slots[s].given);
        }
    fp_release(pb->slots);
    fp_release(pb->block_off);
    fp_release(pb->place_row);
    fp_release(pb->place_col);
    if (pb->slots_at)
        for (int32_t p = 0; p < pb->nplaces; p++) fp_release(pb->slots_at[p]);
    fp_release(pb->slots_at);
    fp_release(pb->nslots_at);
    fp_release(pb->crossing_a);
    fp_release(pb->crossing_b);
    for (int32_t t = 0; t < pb->nsearch; t++) fp_release(pb->search[t].fails);
    fp_release(pb->search);
    fp_release(pb->seed_key);
    fp_release(pb);
}

/* the steps of all threads (each thread adds to its own count only) */
static int64_t total_steps(const fp_problem *pb) {
    int64_t n = 0;
    for (int32_t t = 0; t < pb->nsearch; t++) n += __atomic_load_n(&pb->search[t].steps, __ATOMIC_RELAXED);
    return n;
}

static inline void add_steps(searcher_t *sr, int64_t n) { __atomic_fetch_add(&sr->steps, n, __ATOMIC_RELAXED); }

int64_t fp_conflicts(const fp_problem *pb) {
    int64_t n = 0;
    for (int32_t t = 0; t < pb->nsearch; t++) n += pb->search[t].conflicts;
    return n;
}
int64_t fp_steps(const fp_problem *pb) { return total_steps(pb); }
int64_t fp_live_allocations(void) { return __atomic_load_n(&live_blocks, __ATOMIC_RELAXED); }
void fp_fail_allocation_after(int64_t n) { __atomic_store_n(&fail_after, n, __ATOMIC_RELAXED); }
double fp_test_random(fp_problem *pb, int32_t thread) { return mt_random(&pb->search[thread].rng); }
int32_t fp_searchers(const fp_problem *pb) { return pb->nsearch; }

/* ------------------------------------------------------------------ helpers */

static inline const word_t *table_mask(const fp_problem *pb, int32_t slot, int32_t pos, int32_t letter) {
    const table_t *tb = &pb->tables[pb->slots[slot].table];
    return tb->mask[pos * pb->nletters + letter];
}

static inline const word_t *opt_mask(const fp_problem *pb, int32_t slot, int32_t pos, int32_t opt) {
    int32_t p = pb->slots[slot].places[pos];
    return pb->slot_opt_mask[pb->row_off[pb->slotpos_off[slot] + pos] + (opt - pb->opt_off[p])];
}

static inline litinfo *info_for(const fp_problem *pb, int32_t lit) {
    if (lit > pb->maxvar || lit < -pb->maxvar) return NULL; /* a stale watch's (fp_propagate) */
    int32_t k = pb->info_of[lit + pb->maxvar];
    return k < 0 ? NULL : &pb->infos[k];
}

static int trail_push(thread_t *th, int32_t lit, int32_t slot, int32_t block, word_t old) {
    if (th->tr_size == th->tr_cap) {
        int64_t cap = th->tr_cap ? 2 * th->tr_cap : 1024;
        int32_t *a = NULL, *b = NULL, *c = NULL;
        word_t *d = NULL;
        if (!ALLOC(a, cap) || !ALLOC(b, cap) || !ALLOC(c, cap) || !ALLOC(d, cap)) {
            fp_release(a);
            fp_release(b);
            fp_release(c);
            return 0;
        }
        size_t n = (size_t)th->tr_size;
        if (n) {
            memcpy(a, th->tr_lit, n * sizeof(int32_t));
            memcpy(b, th->tr_slot, n * sizeof(int32_t));
            memcpy(c, th->tr_block, n * sizeof(int32_t));
            memcpy(d, th->tr_old, n * sizeof(word_t));
        }
        fp_release(th->tr_lit);
        fp_release(th->tr_slot);
        fp_release(th->tr_block);
        fp_release(th->tr_old);
        th->tr_lit = a;
        th->tr_slot = b;
        th->tr_block = c;
        th->tr_old = d;
        th->tr_cap = cap;
    }
    th->tr_lit[th->tr_size] = lit;
    th->tr_slot[th->tr_size] = slot;
    th->tr_block[th->tr_size] = block;
    th->tr_old[th->tr_size] = old;
    th->tr_size++;
    return 1;
}

/* cur[slot] &= mask (drop: &= ~mask); the changed blocks go on the trail. -1 error, 0 same, 1 changed */
static int narrow_slot(const fp_problem *pb, thread_t *th, int32_t lit, int32_t slot, const word_t *mask, int drop) {
    word_t *cur = th->cur + pb->block_off[slot];
    int32_t *index = th->index + pb->block_off[slot];
    int32_t limit = th->limit[slot];
    int changed = 0;
    if (drop && !mask) return 0;
    for (int32_t k = limit - 1; k >= 0; k--) {
        int32_t w = index[k];
        word_t old = cur[w];
        word_t nw = mask ? (drop ? old & ~mask[w] : old & mask[w]) : 0;
        if (nw == old) continue;
        if (!changed) {
            if (!trail_push(th, lit, slot, -1, (word_t)th->limit[slot])) return -1;
            changed = 1;
        }
        if (!trail_push(th, lit, slot, w, old)) return -1;
        cur[w] = nw;
        if (!nw) {
            limit--;
            index[k] = index[limit];
            index[limit] = w;
        }
    }
    th->limit[slot] = limit;
    return changed;
}

static int64_t slot_count(const fp_problem *pb, const thread_t *th, int32_t slot) {
    const word_t *cur = th->cur + pb->block_off[slot];
    const int32_t *index = th->index + pb->block_off[slot];
    int64_t n = 0;
    for (int32_t k = 0; k < th->limit[slot]; k++) n += popcount64(cur[index[k]]);
    return n;
}

static int64_t slot_count_and(const fp_problem *pb, const thread_t *th, int32_t slot, const word_t *mask) {
    if (!mask) return 0;
    const word_t *cur = th->cur + pb->block_off[slot];
    const int32_t *index = th->index + pb->block_off[slot];
    int64_t n = 0;
    for (int32_t k = 0; k < th->limit[slot]; k++) {
        int32_t w = index[k];
        n += popcount64(cur[w] & mask[w]);
    }
    return n;
}

/* whether some candidate of the slot has the option's letter: first where one was found last time */
static int slot_meets(const fp_problem *pb, thread_t *th, int32_t slot, int32_t pos, int32_t opt) {
    int32_t p = pb->slots[slot].places[pos];
    int32_t cell = pb->row_off[pb->slotpos_off[slot] + pos] + (opt - pb->opt_off[p]);
    const word_t *mask = pb->slot_opt_mask[cell];
    if (!mask || !th->limit[slot]) return 0;
    const word_t *cur = th->cur + pb->block_off[slot];
    int32_t r = th->residue[cell];
    if (cur[r] & mask[r]) return 1;
    const int32_t *index = th->index + pb->block_off[slot];
    for (int32_t k = 0; k < th->limit[slot]; k++) {
        int32_t w = index[k];
        if (cur[w] & mask[w]) {
            th->residue[cell] = w;
            return 1;
        }
    }
    return 0;
}

static int add_clause(clingo_propagate_control_t *control, const ivec *clause) {
    bool result;
    if (!clingo_propagate_control_add_clause(control, clause->items, (size_t)clause->size, clingo_clause_type_learnt,
                                             &result))
        return FP_ERROR;
    return result ? FP_OK : FP_STOP;
}

/* ------------------------------------------------------------------ init */

static int alloc_thread(fp_problem *pb, thread_t *th) {
    int32_t np = pb->nplaces, ns = pb->nslots, maxb = 1;
    for (int32_t s = 0; s < ns; s++)
        if (pb->slots[s].nblocks > maxb) maxb = pb->slots[s].nblocks;
    int32_t maxlen = 1;
    for (int32_t s = 0; s < ns; s++)
        if (pb->slots[s].length > maxlen) maxlen = pb->slots[s].length;
    if (!ALLOC(th->fixed, np) || !ALLOC(th->fixed_opt, np) || !ALLOC(th->out, pb->noptions) || !ALLOC(th->nout, np) ||
        !ALLOC(th->live, pb->noptions) || !ALLOC(th->nlive, np) || !ALLOC(th->version, np) ||
        !ALLOC(th->cur, pb->total_blocks) || !ALLOC(th->index, pb->total_blocks) || !ALLOC(th->limit, ns) ||
        !ALLOC(th->dirty_flag, ns) || !ALLOC(th->dirty, ns) || !ALLOC(th->undoing, 2 * pb->maxvar + 1) ||
        !ALLOC(th->acc, maxb) || !ALLOC(th->active, maxb) || !ALLOC(th->order, maxlen) ||
        !ALLOC(th->todo_pos, maxlen) || !ALLOC(th->todo_off, maxlen + 1) || !ALLOC(th->gone, pb->noptions) ||
        !ALLOC(th->hit, pb->noptions) ||
        !ALLOC(th->seen_word, ns) || !ALLOC(th->residue, pb->ncells))
        return 0;
    memcpy(th->fixed, pb->fixed0, sizeof(int32_t) * (size_t)np);
    memcpy(th->fixed_opt, pb->fixed0_opt, sizeof(int32_t) * (size_t)np);
    for (int32_t p = 0; p < np; p++) th->nlive[p] = pb->opt_off[p + 1] - pb->opt_off[p];
    memset(th->live, 1, (size_t)pb->noptions);
    /* the candidates: base less the words the letters true at the start rule out */
    memcpy(th->cur, pb->base, sizeof(word_t) * (size_t)pb->total_blocks);
    for (int32_t p = 0; p < np; p++) {
        if (!pb->fixed0[p]) continue;
        for (int32_t k = 0; k < pb->nslots_at[p]; k++) {
            slotpos at = pb->slots_at[p][k];
            const word_t *m = opt_mask(pb, at.slot, at.pos, pb->fixed0_opt[p]);
            word_t *cur = th->cur + pb->block_off[at.slot];
            for (int32_t w = 0; w < pb->slots[at.slot].nblocks; w++) cur[w] = m ? cur[w] & m[w] : 0;
        }
    }
    for (int32_t s = 0; s < ns; s++) {
        int32_t off = pb->block_off[s], nb = pb->slots[s].nblocks, front = 0, back = nb;
        /* blocks that are zero start out beyond the limit */
        for (int32_t w = 0; w < nb; w++) {
            if (th->cur[off + w]) th->index[off + front++] = w;
            else th->index[off + --back] = w;
        }
        th->limit[s] = front;
    }
    return 1;
}

/* the literal of val(row, col, letter) in the program, 0 when there is no such atom */
static int program_literal(const fp_problem *pb, const clingo_symbolic_atoms_t *atoms, int32_t p, int32_t letter,
                           clingo_literal_t *lit) {
    clingo_symbol_t args[3], sym;
    clingo_symbolic_atom_iterator_t it, end;
    bool equal;
    *lit = 0;
    clingo_symbol_create_number(pb->place_row[p], &args[0]);
    clingo_symbol_create_number(pb->place_col[p], &args[1]);
    if (!clingo_symbol_create_string(pb->letters[letter], &args[2])) return 0;
    if (!clingo_symbol_create_function("val", args, 3, true, &sym)) return 0;
    if (!clingo_symbolic_atoms_find(atoms, sym, &it) || !clingo_symbolic_atoms_end(atoms, &end) ||
        !clingo_symbolic_atoms_iterator_is_equal_to(atoms, it, end, &equal))
        return 0;
    if (equal) return 1;
    return clingo_symbolic_atoms_literal(atoms, it, lit);
}

/* letters[l] := whether a candidate of some slot through place p has letter l there */
static void place_letters(const fp_problem *pb, int32_t p, uint8_t *letters) {
    memset(letters, 0, (size_t)pb->nletters);
    for (int32_t k = 0; k < pb->nslots_at[p]; k++) {
        slotpos at = pb->slots_at[p][k];
        const word_t *base = pb->base + pb->block_off[at.slot];
        for (int32_t l = 0; l < pb->nletters; l++) {
            const word_t *m = table_mask(pb, at.slot, at.pos, l);
            if (!m || letters[l]) continue;
            for (int32_t w = 0; w < pb->slots[at.slot].nblocks; w++)
                if (base[w] & m[w]) {
                    letters[l] = 1;
                    break;
                }
        }
    }
}

/* base loses, in every slot through place p, the words with letter l there */
static void rule_out_letter(fp_problem *pb, int32_t p, int32_t l) {
    for (int32_t k = 0; k < pb->nslots_at[p]; k++) {
        slotpos at = pb->slots_at[p][k];
        const word_t *m = table_mask(pb, at.slot, at.pos, l);
        word_t *base = pb->base + pb->block_off[at.slot];
        if (m)
            for (int32_t w = 0; w < pb->slots[at.slot].nblocks; w++) base[w] &= ~m[w];
    }
}

/* Place p's options (solver literal, letter) appended to opt_l, opt_c; the letters false or missing
 * at the start are ruled out in base instead. False: a clingo error, or out of memory (set). */
static bool place_options(fp_problem *pb, clingo_propagate_init_t *init, const clingo_symbolic_atoms_t *atoms,
                          int32_t p, const uint8_t *letters, ivec *opt_l, ivec *opt_c) {
    const clingo_assignment_t *assignment = clingo_propagate_init_assignment(init);
    pb->opt_off[p] = opt_l->size;
    pb->fixed0[p] = 0;
    for (int32_t l = 0; l < pb->nletters; l++) {
        if (!letters[l]) continue;
        clingo_literal_t plit, lit = 0;
        bool is_false = false, is_true = false, dup = false;
        if (!program_literal(pb, atoms, p, l, &plit)) return false;
        if (plit && !clingo_propagate_init_solver_literal(init, plit, &lit)) return false;
        if (lit && !clingo_assignment_is_false(assignment, lit, &is_false)) return false;
        for (int32_t o = pb->opt_off[p]; o < opt_l->size && !dup; o++) dup = opt_l->items[o] == lit;
        if (!lit || is_false || dup) { /* never a candidate's letter */
            rule_out_letter(pb, p, l);
            continue;
        }
        if (!clingo_assignment_is_true(assignment, lit, &is_true)) return false;
        if (is_true) {
            pb->fixed0[p] = lit;
            pb->fixed0_opt[p] = opt_l->size;
        }
        if (!ivec_push(opt_l, lit) || !ivec_push(opt_c, l)) return out_of_memory();
    }
    return true;
}

/* base: the given candidates; then every place's options (the first pass of propagator.py's init) */
static bool init_options(fp_problem *pb, clingo_propagate_init_t *init) {
    int32_t np = pb->nplaces;
    const clingo_symbolic_atoms_t *atoms;
    if (!clingo_propagate_init_symbolic_atoms(init, &atoms)) return false;
    uint8_t *letters = NULL;
    ivec opt_l = {0}, opt_c = {0};
    if (!ALLOC(pb->base, pb->total_blocks) || !ALLOC(letters, pb->nletters) || !ALLOC(pb->opt_off, np + 1) ||
        !ALLOC(pb->fixed0, np) || !ALLOC(pb->fixed0_opt, np)) {
        set_oom();
        goto fail;
    }
    for (int32_t s = 0; s < pb->nslots; s++)
        memcpy(pb->base + pb->block_off[s], pb->slots[s].given, sizeof(word_t) * (size_t)pb->slots[s].nblocks);
    for (int32_t p = 0; p < np; p++) {
        place_letters(pb, p, letters);
        if (!place_options(pb, init, atoms, p, letters, &opt_l, &opt_c)) goto fail;
    }
    fp_release(letters);
    pb->opt_off[np] = opt_l.size;
    pb->noptions = opt_l.size;
    pb->opt_lit = opt_l.items;
    pb->opt_letter = opt_c.items;
    return true;
fail:
    fp_release(letters);
    ivec_free(&opt_l);
    ivec_free(&opt_c);
    return false;
}

/* per slot position and option of its place: the words with that letter there */
static bool init_option_masks(fp_problem *pb) {
    int32_t ns = pb->nslots;
    if (!ALLOC(pb->slotpos_off, ns)) return out_of_memory();
    int32_t nrows = 0, ncells = 0;
    for (int32_t s = 0; s < ns; s++) {
        pb->slotpos_off[s] = nrows;
        nrows += pb->slots[s].length;
        for (int32_t i = 0; i < pb->slots[s].length; i++) {
            int32_t p = pb->slots[s].places[i];
            ncells += pb->opt_off[p + 1] - pb->opt_off[p];
        }
    }
    pb->ncells = ncells;
    if (!ALLOC(pb->row_off, nrows) || !ALLOC(pb->slot_opt_mask, ncells)) return out_of_memory();
    ncells = 0;
    for (int32_t s = 0; s < ns; s++) {
        for (int32_t i = 0; i < pb->slots[s].length; i++) {
            int32_t p = pb->slots[s].places[i];
            pb->row_off[pb->slotpos_off[s] + i] = ncells;
            for (int32_t o = pb->opt_off[p]; o < pb->opt_off[p + 1]; o++)
                pb->slot_opt_mask[ncells++] = table_mask(pb, s, i, pb->opt_letter[o]);
        }
    }
    return true;
}

/* option o of place p: both signs of its literal watched (once each, in the Python propagator's
 * order), and what each does: sets or rules out the letter, keeps or drops words in its slots */
static bool watch_option(fp_problem *pb, clingo_propagate_init_t *init, int32_t p, int32_t o) {
    int32_t lit = pb->opt_lit[o];
    for (int sign = 0; sign < 2; sign++) {
        int32_t watched = sign ? -lit : lit;
        if (pb->info_of[watched + pb->maxvar] >= 0) continue;
        if (!clingo_propagate_init_add_watch(init, watched)) return false;
        pb->info_of[watched + pb->maxvar] = pb->ninfos++;
    }
    litinfo *pos = info_for(pb, lit), *neg = info_for(pb, -lit);
    if (!ivec_push(&pos->setting, p) || !ivec_push(&pos->setting, o) || !ivec_push(&neg->ruling, p) ||
        !ivec_push(&neg->ruling, o))
        return out_of_memory();
    for (int32_t k = 0; k < pb->nslots_at[p]; k++) {
        slotpos at = pb->slots_at[p][k];
        pb->watch_masks[pb->nwatch_masks] = table_mask(pb, at.slot, at.pos, pb->opt_letter[o]);
        if (!ivec_push(&pos->keeps, at.slot) || !ivec_push(&pos->keeps, pb->nwatch_masks) ||
            !ivec_push(&neg->drops, at.slot) || !ivec_push(&neg->drops, pb->nwatch_masks))
            return out_of_memory();
        pb->nwatch_masks++;
    }
    return true;
}

/* literals: watches in the Python propagator's order, and what each literal does */
static bool init_watches(fp_problem *pb, clingo_propagate_init_t *init) {
    int32_t np = pb->nplaces;
    pb->maxvar = 1;
    for (int32_t o = 0; o < pb->noptions; o++) {
        int32_t v = abs(pb->opt_lit[o]);
        if (v > pb->maxvar) pb->maxvar = v;
    }
    if (!ALLOC(pb->info_of, 2 * pb->maxvar + 1) || !ALLOC(pb->infos, 2 * pb->noptions + 2)) return out_of_memory();
    for (int32_t k = 0; k < 2 * pb->maxvar + 1; k++) pb->info_of[k] = -1;
    int32_t nkeep = 0;
    for (int32_t p = 0; p < np; p++) nkeep += (pb->opt_off[p + 1] - pb->opt_off[p]) * pb->nslots_at[p];
    if (!ALLOC(pb->watch_masks, nkeep + 1)) return out_of_memory();
    for (int32_t p = 0; p < np; p++)
        for (int32_t o = pb->opt_off[p]; o < pb->opt_off[p + 1]; o++)
            if (!watch_option(pb, init, p, o)) return false;
    return true;
}

/* each solver thread's searcher and state */
static bool init_threads(fp_problem *pb, clingo_propagate_init_t *init) {
    pb->nthreads = clingo_propagate_init_number_of_threads(init);
    if (!grow_searchers(pb, pb->nthreads) || !ALLOC(pb->threads, pb->nthreads)) return out_of_memory();
    for (int32_t t = 0; t < pb->nthreads; t++)
        if (!alloc_thread(pb, &pb->threads[t])) return out_of_memory();
    return true;
}

static bool fp_init(clingo_propagate_init_t *init, void *data) {
    fp_problem *pb = data;
    free_solve_state(pb); /* init runs again on every solve */
    if (!init_options(pb, init) || !init_option_masks(pb) || !init_watches(pb, init) || !init_threads(pb, init)) {
        free_solve_state(pb);
        return false;
    }
    clingo_propagate_init_set_check_mode(init, clingo_propagator_check_mode_total);
    pb->ready = 1;
    return true;
}

/* ------------------------------------------------------------------ propagation */

/* The words of the letter set at place j of slot s, on the active blocks of acc: acc &= them.
 * Returns whether acc changed. */
static int restrict_acc(const fp_problem *pb, thread_t *th, int32_t s, int32_t j, int32_t *nactive) {
    int32_t p = pb->slots[s].places[j];
    word_t *acc = th->acc;
    int32_t *active = th->active;
    int32_t n = *nactive;
    const word_t *single = opt_mask(pb, s, j, th->fixed_opt[p]);
    if (!single) { /* no word: everything goes */
        int any = 0;
        for (int32_t k = 0; k < n; k++) any |= acc[active[k]] != 0;
        for (int32_t k = 0; k < n; k++) acc[active[k]] = 0;
        *nactive = 0;
        return any;
    }
    int changed = 0;
    int32_t kept = 0;
    for (int32_t k = 0; k < n; k++) {
        int32_t w = active[k];
        word_t nw = acc[w] & single[w];
        if (nw != acc[w]) {
            changed = 1;
            acc[w] = nw;
        }
        if (nw) active[kept++] = w;
    }
    *nactive = kept;
    return changed;
}

/* The options ruled out at place j of slot s whose words are still in acc (the active blocks), in
 * the order they were ruled out, into th->hit; acc loses their words. Returns their number: the
 * other ruled-out options remove nothing from acc, so the reason leaves them out. */
static int32_t restrict_ruled(const fp_problem *pb, thread_t *th, int32_t s, int32_t j, int32_t *nactive) {
    int32_t p = pb->slots[s].places[j];
    word_t *acc = th->acc;
    int32_t *active = th->active;
    int32_t n = *nactive, nhit = 0;
    const int32_t *out = th->out + pb->opt_off[p];
    for (int32_t q = 0; q < th->nout[p]; q++) {
        const word_t *m = opt_mask(pb, s, j, out[q]);
        if (!m) continue;
        word_t any = 0;
        for (int32_t k = 0; k < n && !any; k++) any = m[active[k]] & acc[active[k]];
        if (any) th->hit[nhit++] = out[q];
    }
    if (!nhit) return 0;
    int32_t kept = 0;
    for (int32_t k = 0; k < n; k++) {
        int32_t w = active[k];
        word_t gone = 0;
        for (int32_t h = 0; h < nhit; h++) gone |= opt_mask(pb, s, j, th->hit[h])[w];
        acc[w] &= ~gone;
        if (acc[w]) active[kept++] = w;
    }
    *nactive = kept;
    return nhit;
}

/* explain(): appends to th->reason the places (other than skip) whose restrictions together leave
 * none of the words in th->acc (the active blocks): a place's letter, or those of its ruled-out
 * letters that remove words still left */
static int explain(const fp_problem *pb, thread_t *th, int32_t s, int32_t norder, int32_t skip, int32_t nactive) {
    const int32_t *places = pb->slots[s].places;
    for (int32_t k = 0; k < norder; k++) {
        if (!nactive) break;
        int32_t j = th->order[k];
        if (j == skip) continue;
        int32_t p = places[j];
        if (th->fixed[p]) {
            if (!restrict_acc(pb, th, s, j, &nactive)) continue;
            if (!ivec_push(&th->reason, -th->fixed[p])) return 0;
        } else {
            int32_t nhit = restrict_ruled(pb, th, s, j, &nactive);
            for (int32_t h = 0; h < nhit; h++)
                if (!ivec_push(&th->reason, pb->opt_lit[th->hit[h]])) return 0;
        }
    }
    return 1;
}

/* acc := base[s] (& mask, or & ~mask when invert), its non-zero blocks active; returns their number */
static int32_t start_acc(const fp_problem *pb, thread_t *th, int32_t s, const word_t *words, int invert) {
    const word_t *base = pb->base + pb->block_off[s];
    int32_t n = 0;
    for (int32_t w = 0; w < pb->slots[s].nblocks; w++) {
        word_t v = base[w];
        if (words) v &= invert ? ~words[w] : words[w];
        else if (!invert) v = 0;
        th->acc[w] = v;
        if (v) th->active[n++] = w;
    }
    return n;
}

/* The live options of slot s's open places that no candidate has any more, into th->gone, grouped
 * by position (th->todo_pos, th->todo_off); returns the number of positions with some */
static int32_t gone_options(const fp_problem *pb, thread_t *th, searcher_t *sr, int32_t s) {
    const slot_t *sl = &pb->slots[s];
    int32_t ntodo = 0, ngone = 0;
    int64_t steps = 0;
    for (int32_t i = 0; i < sl->length; i++) {
        int32_t p = sl->places[i];
        if (th->fixed[p]) continue;
        steps += th->nlive[p];
        int32_t start = ngone;
        for (int32_t o = pb->opt_off[p]; o < pb->opt_off[p + 1]; o++) {
            if (th->live[o] && !slot_meets(pb, th, s, i, o)) th->gone[ngone++] = o;
        }
        if (ngone > start) {
            th->todo_pos[ntodo] = i;
            th->todo_off[ntodo++] = start;
        }
    }
    th->todo_off[ntodo] = ngone;
    add_steps(sr, steps);
    return ntodo;
}

/* explanation order, into th->order: places with a letter, then those with letters ruled out,
 * fewest live first (stable); returns their number */
static int32_t explanation_order(const fp_problem *pb, thread_t *th, int32_t s) {
    const slot_t *sl = &pb->slots[s];
    int32_t norder = 0;
    for (int32_t i = 0; i < sl->length; i++)
        if (th->fixed[sl->places[i]]) th->order[norder++] = i;
    int32_t first_ruled = norder;
    for (int32_t i = 0; i < sl->length; i++) {
        int32_t p = sl->places[i];
        if (th->fixed[p] || !th->nout[p]) continue;
        int32_t k = norder++;
        while (k > first_ruled && th->nlive[sl->places[th->order[k - 1]]] > th->nlive[p]) {
            th->order[k] = th->order[k - 1];
            k--;
        }
        th->order[k] = i;
    }
    return norder;
}

/* todo t leaves one letter at its place: the clause that sets it */
static int set_last_letter(const fp_problem *pb, thread_t *th, clingo_propagate_control_t *control, int32_t s,
                           int32_t t, int32_t norder) {
    int32_t i = th->todo_pos[t], p = pb->slots[s].places[i];
    int32_t g0 = th->todo_off[t], g1 = th->todo_off[t + 1];
    int32_t keep = -1;
    for (int32_t o = pb->opt_off[p]; o < pb->opt_off[p + 1] && keep < 0; o++) {
        if (!th->live[o]) continue;
        int in_gone = 0;
        for (int32_t g = g0; g < g1; g++) in_gone |= th->gone[g] == o;
        if (!in_gone) keep = o;
    }
    if (!ivec_push(&th->reason, pb->opt_lit[keep])) return fail_oom();
    const word_t *m = opt_mask(pb, s, i, keep);
    if (!explain(pb, th, s, norder, -1, start_acc(pb, th, s, m, 1))) return fail_oom();
    return add_clause(control, &th->reason);
}

/* todo t's gone letters: one clause each, ruling it out for the same reason */
static int rule_out_gone(const fp_problem *pb, thread_t *th, clingo_propagate_control_t *control, int32_t s,
                         int32_t t, int32_t norder) {
    const slot_t *sl = &pb->slots[s];
    int32_t i = th->todo_pos[t];
    int32_t g0 = th->todo_off[t], g1 = th->todo_off[t + 1];
    /* the words of the letters that go */
    const word_t *base = pb->base + pb->block_off[s];
    int32_t n = 0;
    for (int32_t w = 0; w < sl->nblocks; w++) {
        word_t words = 0;
        for (int32_t g = g0; g < g1; g++) {
            const word_t *m = opt_mask(pb, s, i, th->gone[g]);
            if (m) words |= m[w];
        }
        th->acc[w] = base[w] & words;
        if (th->acc[w]) th->active[n++] = w;
    }
    if (!explain(pb, th, s, norder, i, n)) return fail_oom();
    for (int32_t g = g0; g < g1; g++) {
        th->clause.size = 0;
        if (!ivec_push(&th->clause, -pb->opt_lit[th->gone[g]])) return fail_oom();
        for (int32_t k = 0; k < th->reason.size; k++)
            if (!ivec_push(&th->clause, th->reason.items[k])) return fail_oom();
        int r = add_clause(control, &th->clause);
        if (r != FP_OK) return r;
    }
    return FP_OK;
}

static int narrow(fp_problem *pb, thread_t *th, searcher_t *sr, clingo_propagate_control_t *control, int32_t s) {
    int nonempty = th->limit[s] > 0;
    int32_t ntodo = 0;
    if (nonempty) {
        ntodo = gone_options(pb, th, sr, s);
        if (!ntodo) return FP_OK;
    }
    int32_t norder = explanation_order(pb, th, s);
    if (!nonempty) {
        sr->fails[s]++;
        sr->conflicts++;
        th->reason.size = 0;
        if (!explain(pb, th, s, norder, -1, start_acc(pb, th, s, NULL, 1))) return fail_oom();
        return add_clause(control, &th->reason);
    }
    for (int32_t t = 0; t < ntodo; t++) {
        int32_t p = pb->slots[s].places[th->todo_pos[t]];
        th->reason.size = 0;
        int r = th->todo_off[t + 1] - th->todo_off[t] + 1 == th->nlive[p] ? set_last_letter(pb, th, control, s, t, norder)
                                                                          : rule_out_gone(pb, th, control, s, t, norder);
        if (r != FP_OK) return r;
    }
    return FP_OK;
}

static int cmp_int32(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* slot s narrowed by the change: it is looked at again after the changes (once) */
static void mark_dirty(thread_t *th, int32_t s) {
    if (th->dirty_flag[s]) return;
    th->dirty_flag[s] = 1;
    th->dirty[th->ndirty++] = s;
}

/* one changed literal: the letters it rules out, then (unless an earlier change ran out of memory)
 * the slots' candidates it keeps or drops. 0: out of memory */
static int apply_change(const fp_problem *pb, thread_t *th, int32_t lit, int64_t clock, int failed) {
    litinfo *inf = info_for(pb, lit);
    if (!inf) return 1; /* a watch of an earlier solve's init, decided at the top since (propagator.py: STALE) */
    if (inf->ruling.size) {
        int all_fixed = 1;
        for (int32_t k = 0; k < inf->ruling.size; k += 2) {
            int32_t p = inf->ruling.items[k], o = inf->ruling.items[k + 1];
            th->out[pb->opt_off[p] + th->nout[p]++] = o;
            if (th->live[o]) {
                th->live[o] = 0;
                th->nlive[p]--;
            }
            th->version[p] = clock;
            all_fixed &= th->fixed[p] != 0;
        }
        if (!inf->setting.size && all_fixed) return 1; /* implied by the letter set there */
    }
    if (failed) return 1;
    for (int drop = 0; drop < 2; drop++) {
        const ivec *which = drop ? &inf->drops : &inf->keeps;
        for (int32_t k = 0; k < which->size; k += 2) {
            int32_t s = which->items[k];
            int r = narrow_slot(pb, th, lit, s, pb->watch_masks[which->items[k + 1]], drop);
            if (r < 0) return 0;
            if (r) mark_dirty(th, s);
        }
    }
    return 1;
}

static bool fp_propagate(clingo_propagate_control_t *control, const clingo_literal_t *changes, size_t size,
                         void *data) {
    fp_problem *pb = data;
    clingo_id_t thread_id = clingo_propagate_control_thread_id(control);
    thread_t *th = &pb->threads[thread_id];
    searcher_t *sr = &pb->search[thread_id];
    add_steps(sr, (int64_t)size);
    int64_t clock = ++th->clock;
    for (size_t c = 0; c < size; c++) {
        litinfo *inf = info_for(pb, changes[c]);
        if (!inf) continue; /* STALE, as in apply_change */
        for (int32_t k = 0; k < inf->setting.size; k += 2) {
            th->fixed[inf->setting.items[k]] = changes[c];
            th->fixed_opt[inf->setting.items[k]] = inf->setting.items[k + 1];
        }
    }
    /* every change is recorded before any early return: undo gets them all */
    int failed = 0;
    for (size_t c = 0; c < size; c++)
        if (!apply_change(pb, th, changes[c], clock, failed)) failed = 1;
    int result = FP_OK;
    if (failed) {
        result = fail_oom();
    } else {
        qsort(th->dirty, (size_t)th->ndirty, sizeof(int32_t), cmp_int32);
        for (int32_t k = 0; k < th->ndirty && result == FP_OK; k++) result = narrow(pb, th, sr, control, th->dirty[k]);
    }
    for (int32_t k = 0; k < th->ndirty; k++) th->dirty_flag[th->dirty[k]] = 0;
    th->ndirty = 0;
    if (pb->progress) __atomic_store_n(pb->progress, total_steps(pb), __ATOMIC_RELAXED);
    return result != FP_ERROR;
}

static void fp_undo(const clingo_propagate_control_t *control, const clingo_literal_t *changes, size_t size,
                    void *data) {
    fp_problem *pb = data;
    thread_t *th = &pb->threads[clingo_propagate_control_thread_id(control)];
    int64_t clock = ++th->clock;
    for (size_t c = 0; c < size; c++) {
        litinfo *inf = info_for(pb, changes[c]);
        if (!inf) continue; /* STALE, as in fp_propagate */
        for (int32_t k = 0; k < inf->setting.size; k += 2) th->fixed[inf->setting.items[k]] = 0;
        for (int32_t k = 0; k < inf->ruling.size; k += 2) {
            int32_t p = inf->ruling.items[k], o = inf->ruling.items[k + 1];
            int32_t *out = th->out + pb->opt_off[p];
            int32_t q = 0;
            while (q < th->nout[p] && out[q] != o) q++;
            if (q < th->nout[p]) { /* list.remove: the first one, the rest keep their order */
                memmove(out + q, out + q + 1, sizeof(int32_t) * (size_t)(th->nout[p] - q - 1));
                th->nout[p]--;
            }
            if (!th->live[o]) {
                th->live[o] = 1;
                th->nlive[p]++;
            }
            th->version[p] = clock;
        }
    }
    for (size_t c = 0; c < size; c++)
        if (info_for(pb, changes[c])) th->undoing[changes[c] + pb->maxvar] = 1;
    while (th->tr_size && th->undoing[th->tr_lit[th->tr_size - 1] + pb->maxvar]) {
        int64_t t = --th->tr_size;
        int32_t s = th->tr_slot[t], w = th->tr_block[t];
        if (w < 0) th->limit[s] = (int32_t)th->tr_old[t];
        else th->cur[pb->block_off[s] + w] = th->tr_old[t];
    }
    for (size_t c = 0; c < size; c++)
        if (info_for(pb, changes[c])) th->undoing[changes[c] + pb->maxvar] = 0;
}

/* all of slot s's letters: the letter set in each place, or the letters ruled out there */
static int append_reason(const fp_problem *pb, thread_t *th, int32_t s) {
    const slot_t *sl = &pb->slots[s];
    for (int32_t i = 0; i < sl->length; i++) {
        int32_t p = sl->places[i];
        if (th->fixed[p]) {
            if (!ivec_push(&th->clause, -th->fixed[p])) return 0;
        } else {
            for (int32_t q = 0; q < th->nout[p]; q++)
                if (!ivec_push(&th->clause, pb->opt_lit[th->out[pb->opt_off[p] + q]])) return 0;
        }
    }
    return 1;
}

static bool fp_check(clingo_propagate_control_t *control, void *data) {
    fp_problem *pb = data;
    thread_t *th = &pb->threads[clingo_propagate_control_thread_id(control)];
    th->clause.size = 0;
    for (int32_t s = 0; s < pb->nslots; s++) {
        if (slot_count(pb, th, s) != 1) {
            if (!append_reason(pb, th, s)) goto oom;
            return add_clause(control, &th->clause) != FP_ERROR;
        }
        if (!pb->no_repeat) continue;
        const word_t *cur = th->cur + pb->block_off[s];
        int32_t w = th->index[pb->block_off[s]]; /* the one non-zero block comes first */
        th->seen_word[s] = w * 64 + __builtin_ctzll(cur[w]);
        for (int32_t e = 0; e < s; e++) {
            if (pb->slots[e].table != pb->slots[s].table || th->seen_word[e] != th->seen_word[s]) continue;
            if (!append_reason(pb, th, e) || !append_reason(pb, th, s)) goto oom;
            return add_clause(control, &th->clause) != FP_ERROR;
        }
    }
    return true;
oom:
    set_oom();
    return false;
}

static int32_t most_failed(const fp_problem *pb, const thread_t *th, const searcher_t *sr) {
    int32_t best = -1;
    double top = 0.0;
    for (int32_t p = 0; p < pb->nplaces; p++) {
        if (th->fixed[p]) continue;
        int32_t n = th->nlive[p];
        if (n) {
            double score = (double)(sr->fails[pb->crossing_a[p]] + sr->fails[pb->crossing_b[p]]) / n;
            if (score > top) {
                best = p;
                top = score;
            }
        }
    }
    return best;
}

static int32_t fewest_candidates(const fp_problem *pb, const thread_t *th, searcher_t *sr) {
    int have = 0;
    int64_t best_n = 0;
    double best_r = 0.0;
    int32_t best_place = -1;
    for (int32_t s = 0; s < pb->nslots; s++) {
        int64_t n = slot_count(pb, th, s);
        double r = mt_random(&sr->rng);
        if (have && (n > best_n || (n == best_n && r >= best_r))) continue;
        const slot_t *sl = &pb->slots[s];
        for (int32_t i = 0; i < sl->length; i++) {
            if (!th->fixed[sl->places[i]]) {
                have = 1;
                best_n = n;
                best_r = r;
                best_place = sl->places[i];
                break;
            }
        }
    }
    return best_place;
}

/* The score of the best (lowest-numbered) word the slot's candidates share with mask; 0 when none */
static int best_word(const fp_problem *pb, const thread_t *th, int32_t slot, const word_t *mask, int64_t *score) {
    if (!mask) return 0;
    const word_t *cur = th->cur + pb->block_off[slot];
    const int32_t *index = th->index + pb->block_off[slot];
    int32_t best = -1;
    for (int32_t k = 0; k < th->limit[slot]; k++) {
        int32_t w = index[k];
        if ((cur[w] & mask[w]) && (best < 0 || w < best)) best = w;
    }
    if (best < 0) return 0;
    *score = pb->tables[pb->slots[slot].table].scores[best * 64 + __builtin_ctzll(cur[best] & mask[best])];
    return 1;
}

/* With scored words: the letter whose best remaining word in each slot through the place scores
 * highest, summed over the slots (a letter that empties a slot never wins) */
static clingo_literal_t best_words_letter(const fp_problem *pb, const thread_t *th, int32_t p,
                                          clingo_literal_t fallback) {
    clingo_literal_t choice = fallback;
    int have = 0;
    int64_t top = 0;
    for (int32_t o = pb->opt_off[p]; o < pb->opt_off[p + 1]; o++) {
        if (!th->live[o]) continue;
        int64_t total = 0, score;
        int empty = 0;
        for (int32_t k = 0; k < pb->nslots_at[p] && !empty; k++) {
            slotpos at = pb->slots_at[p][k];
            if (best_word(pb, th, at.slot, opt_mask(pb, at.slot, at.pos, o), &score)) total += score;
            else empty = 1;
        }
        if (!empty && (!have || total > top)) {
            choice = pb->opt_lit[o];
            top = total;
            have = 1;
        }
    }
    return choice;
}

static bool fp_decide(clingo_id_t thread_id, const clingo_assignment_t *assignment, clingo_literal_t fallback,
                      void *data, clingo_literal_t *decision) {
    (void)assignment;
    fp_problem *pb = data;
    thread_t *th = &pb->threads[thread_id];
    searcher_t *sr = &pb->search[thread_id];
    *decision = fallback;
    add_steps(sr, 1);
    int32_t p = sr->value_rule == 0 ? most_failed(pb, th, sr) : fewest_candidates(pb, th, sr);
    if (p < 0) return true;
    if (sr->random_first) {
        sr->random_first = 0;
        uint32_t n = 0;
        for (int32_t o = pb->opt_off[p]; o < pb->opt_off[p + 1]; o++) n += th->live[o];
        if (n) {
            uint32_t pick = mt_below(&sr->rng, n);
            for (int32_t o = pb->opt_off[p]; o < pb->opt_off[p + 1]; o++) {
                if (!th->live[o]) continue;
                if (pick-- == 0) {
                    *decision = pb->opt_lit[o];
                    return true;
                }
            }
        }
    }
    if (pb->scored) {
        *decision = best_words_letter(pb, th, p, fallback);
        return true;
    }
    int64_t top = -1;
    for (int32_t o = pb->opt_off[p]; o < pb->opt_off[p + 1]; o++) {
        if (!th->live[o]) continue;
        int64_t support = sr->value_rule == 2 ? INT64_MAX : 1;
        for (int32_t k = 0; k < pb->nslots_at[p]; k++) {
            slotpos at = pb->slots_at[p][k];
            int64_t n = slot_count_and(pb, th, at.slot, opt_mask(pb, at.slot, at.pos, o));
            if (sr->value_rule == 2) support = n < support ? n : support;
            else support *= n;
        }
        if (support > top) {
            *decision = pb->opt_lit[o];
            top = support;
        }
    }
    return true;
}

static const clingo_propagator_t fp_callbacks = {fp_init, fp_propagate, fp_undo, fp_check, fp_decide};

/* Registers the propagator on a control; the problem must outlive the control (Python keeps it on
 * the control object, freed after the control). */
bool fp_register(fp_problem *pb, void *control) {
    return clingo_control_register_propagator((clingo_control_t *)control, &fp_callbacks, pb, true);
}

const char *fp_last_error(void) { return clingo_error_message(); }
