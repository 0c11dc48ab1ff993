// libFuzzer's driver, from compiler-rt: linked in by `-sanitize=fuzzer`. A harness starts it from
// its own main (LibFuzzer.run) rather than take libFuzzer's, which SwiftPM's renaming of an
// executable's `main` (so that tests may link executables) would not find.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*target)(const uint8_t *data, size_t size));
