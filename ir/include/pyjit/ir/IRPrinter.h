//===- IRPrinter.h - Textual form of the SSA IR (pyjitc --emit=ir) -------===//
#ifndef PYJIT_IR_IRPRINTER_H
#define PYJIT_IR_IRPRINTER_H

#include "pyjit/ir/Function.h"
#include "llvm/Support/raw_ostream.h"

namespace pyjit::ir {

/// Prints a function as
///   func @name(%a: array(float32, 1d, C), %n: int64) -> none {
///   bb0:
///     %0 = sreg tid.x : int32
///     ...
///   }
/// Values are numbered in block order; arguments keep their source names.
void printFunction(const Function &fn, llvm::raw_ostream &os);
void printModule(const Module &module, llvm::raw_ostream &os);

} // namespace pyjit::ir

#endif
