//===- Coop.cpp - Names of pyjit.coop's primitives ------------------------===//
#include "pyjit/ir/Coop.h"
#include "llvm/ADT/StringSwitch.h"

using namespace pyjit::ir;

const char *pyjit::ir::coopFnName(CoopFn fn) {
  switch (fn) {
  case CoopFn::Reduce: return "reduce";
  case CoopFn::InclusiveScan: return "inclusive_scan";
  case CoopFn::ExclusiveScan: return "exclusive_scan";
  }
  return "?";
}

const char *pyjit::ir::coopOpName(CoopOp op) {
  switch (op) {
  case CoopOp::Add: return "add";
  case CoopOp::Min: return "min";
  case CoopOp::Max: return "max";
  }
  return "?";
}

std::optional<CoopOp> pyjit::ir::coopOpOfBuiltin(llvm::StringRef path) {
  if (path == "operator.add")
    return CoopOp::Add;
  if (path == "min")
    return CoopOp::Min;
  if (path == "max")
    return CoopOp::Max;
  return std::nullopt;
}

bool pyjit::ir::isCoopBlockFunction(llvm::StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"sum", "min", "max", "reduce"}, true)
      .Cases({"inclusive_sum", "exclusive_sum", "inclusive_scan", "exclusive_scan"}, true)
      .Cases({"inclusive_sum_with_aggregate", "exclusive_sum_with_aggregate"}, true)
      .Cases({"inclusive_scan_with_aggregate", "exclusive_scan_with_aggregate"}, true)
      .Cases({"load", "load_striped", "store", "store_striped"}, true)
      .Cases({"load_vectorized", "store_vectorized"}, true)
      .Cases({"load_warp_transposed", "store_warp_transposed"}, true)
      .Cases({"radix_sort", "radix_sort_descending"}, true)
      .Cases({"exchange_striped_to_blocked", "exchange_blocked_to_striped", "histogram"}, true)
      .Default(false);
}

bool pyjit::ir::isCoopWarpFunction(llvm::StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"sum", "min", "max", "reduce", "broadcast", "merge_sort_keys"}, true)
      .Cases({"inclusive_sum", "exclusive_sum", "inclusive_scan", "exclusive_scan"}, true)
      .Default(false);
}
