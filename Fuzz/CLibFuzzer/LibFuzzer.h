// libFuzzer's driver entry point (llvm-project compiler-rt/lib/fuzzer/FuzzerInterface.h), for
// `glance-fuzz`. Declared here, not linked: only the `FUZZING` build (`-sanitize=fuzzer`, which
// links libFuzzer) calls it.

#ifndef GLANCE_LIBFUZZER_H
#define GLANCE_LIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line `argc`/`argv` (options and corpus directories) on
/// `test_one_input`, as libFuzzer's own `main` does; usually ends the process itself.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*test_one_input)(const uint8_t *data, size_t size));

#endif
