//===- Coop.h - pyjit.coop: block- and warp-wide cooperative primitives --===//
//
// The kernel API of docs/coop.md. Block-wide primitives become one
// Opcode::Coop instruction each, which codegen lowers to a call into the
// device library (runtime/devicelib/coop.cu, linked by nvJitLink) on the
// GPU and into the CPU backend's runner on the host. Warp-wide primitives
// are expanded by IRGen into warp shuffles: they must inline, and a call
// into the library would not (nvJitLink does not inline across the
// LLVM-PTX boundary).
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_COOP_H
#define PYJIT_IR_COOP_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>

namespace pyjit::ir {

/// What a block primitive computes.
enum class CoopFn : uint8_t { Reduce, InclusiveScan, ExclusiveScan };

/// The operator: + or Python's min / max of a pair (min(a, b) is b only when
/// b < a).
enum class CoopOp : uint8_t { Add, Min, Max };

/// A block primitive as Opcode::Coop's intImm carries it.
struct CoopCall {
  CoopFn fn;
  CoopOp op;
  bool aggregate; // scans: a CoopAggregate instruction reads the block total

  int64_t encode() const {
    return static_cast<int64_t>(fn) * 16 + static_cast<int64_t>(op) * 2 + (aggregate ? 1 : 0);
  }
  static CoopCall decode(int64_t imm) {
    return {static_cast<CoopFn>(imm / 16), static_cast<CoopOp>((imm / 2) % 8), (imm & 1) != 0};
  }
};

/// "reduce", "inclusive_scan", "exclusive_scan".
const char *coopFnName(CoopFn fn);
/// "add", "min", "max".
const char *coopOpName(CoopOp op);

/// The operator named by a builtin path ("operator.add", "min", "max"), or
/// std::nullopt.
std::optional<CoopOp> coopOpOfBuiltin(llvm::StringRef path);

/// Tile primitives of coop.block (items-per-thread arrays): load, store and
/// their _striped forms, radix_sort[_descending], exchange_* and histogram.
inline bool isCoopTileFunction(llvm::StringRef name) {
  return name.starts_with("load") || name.starts_with("store") ||
         name.starts_with("radix_sort") || name.starts_with("exchange_") ||
         name == "histogram";
}

/// Is `name` a function of coop.block or coop.warp (e.g. "sum", "reduce")?
bool isCoopBlockFunction(llvm::StringRef name);
bool isCoopWarpFunction(llvm::StringRef name);

} // namespace pyjit::ir

#endif
