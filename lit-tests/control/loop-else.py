# A loop's `else:` block runs when the loop ends without `break`: the loop's
# normal exit enters it, and a break jumps past it (Python's for/while-else).
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ast | FileCheck %s --check-prefix=AST
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s --check-prefix=IR

from pyjit import cuda


@cuda.jit
def k(a):
    for i in range(a[0]):
        if a[i] < 0:
            break
    else:
        a[1] = 7
    a[2] = 9

# AST: For
# AST: else:
# AST-NEXT: Assign

# IR-LABEL: func @k(
# IR: condbr {{%[0-9]+}}, bb{{[0-9]+}}, [[ELSE:bb[0-9]+]]
# IR: condbr {{%[0-9]+}}, [[BRK:bb[0-9]+]], bb{{[0-9]+}}
# IR: [[AFTER:bb[0-9]+]]:  ; preds: [[BRK]] [[ELSE]]
# IR-NEXT: const 9 : int64
# IR: [[ELSE]]:  ; preds: bb1
# IR-NEXT: const 7 : int64
# IR: br [[AFTER]]
# IR: [[BRK]]:  ; preds:
# IR-NEXT: br [[AFTER]]
