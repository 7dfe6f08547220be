#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for programs with a main of their own (compiler-rt's FuzzerDriver.cpp).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
