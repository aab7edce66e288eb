//===- Verifier.h - Structural and type checks of the SSA IR -------------===//
#ifndef PYJIT_IR_VERIFIER_H
#define PYJIT_IR_VERIFIER_H

#include "pyjit/ir/Function.h"
#include "llvm/Support/Error.h"

namespace pyjit::ir {

/// Checks that: every block ends in exactly one terminator and has no other;
/// phis come first and have one operand per predecessor; predecessor lists
/// match the branches; operand types match each opcode's rule (binary
/// operands of the result type, bool conditions, one index per dimension);
/// and every use is dominated by its definition.
/// Returns a StringError describing the first violation (a compiler bug).
llvm::Error verifyFunction(const Function &fn);

} // namespace pyjit::ir

#endif
