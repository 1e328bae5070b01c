// CGMP: GMP for Swift.
//
// Swift imports GMP's functions under their real names (`__gmpz_add`), because <gmp.h> aliases
// the documented names (`mpz_add`) with `#define`. The few APIs that exist only as macros get a
// `static inline` wrapper here, prefixed `cgmp_`. Nothing else belongs in this file.
#ifndef CGMP_SHIM_H
#define CGMP_SHIM_H

#include <gmp.h>

/// The sign of `z`: -1, 0 or +1. The corresponding GMP macro is `mpz_sgn`.
static inline int cgmp_mpz_sgn(mpz_srcptr z) { return mpz_sgn(z); }

#endif
