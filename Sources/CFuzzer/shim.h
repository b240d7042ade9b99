#include <stddef.h>
#include <stdint.h>

/* libFuzzer's entry for a program with its own main: -sanitize=fuzzer links the runtime that
 * defines it (its own main is then not pulled in). Only the fuzz target imports this module. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
