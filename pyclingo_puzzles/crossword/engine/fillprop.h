/* The compiled fill propagator's interface (fillprop.c), declared once: fillprop.c includes this
 * file, and the cffi loader (native.py) reads it as its cdef, without the lines that start with '#'
 * (cffi's parser takes no preprocessor lines). So only C that cffi parses goes here: the types of
 * <stdint.h> and <stdbool.h>, no clingo type (the control is passed as void *).
 */
#ifndef PYCLINGO_PUZZLES_FILLPROP_H
#define PYCLINGO_PUZZLES_FILLPROP_H
#include <stdbool.h>
#include <stdint.h>

typedef struct fp_problem fp_problem;

/* The static problem, copied (see fillprop.c for the layout of each array); NULL when out of memory. */
fp_problem *fp_new(int32_t nletters, const char *const *letters, int32_t ntables, const int32_t *table_length,
                   const int32_t *table_nwords, const uint8_t *table_has, const uint64_t *masks, int32_t nslots,
                   const int32_t *slot_table, const int32_t *slot_places, const uint64_t *given, int32_t nplaces,
                   const int32_t *place_row, const int32_t *place_col, int no_repeat, int value_rule,
                   const uint32_t *seed_key, int32_t seed_len, int random_first, int64_t *progress,
                   const int64_t *scores);
void fp_free(fp_problem *pb);
/* Registers the propagator on a clingo_control_t; the problem must outlive the control. */
bool fp_register(fp_problem *pb, void *control);
int64_t fp_conflicts(const fp_problem *pb);
int64_t fp_steps(const fp_problem *pb);
const char *fp_last_error(void);

/* For the tests: allocations not yet freed, an allocation made to fail, a thread's random stream. */
int64_t fp_live_allocations(void);
void fp_fail_allocation_after(int64_t n);
double fp_test_random(fp_problem *pb, int32_t thread);
/* The solver threads the propagator has state for (kept across solves). */
int32_t fp_searchers(const fp_problem *pb);

#endif
