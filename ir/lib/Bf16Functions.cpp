//===- Bf16Functions.cpp - numba.cuda.bf16's functions --------------------===//
#include "Bf16Functions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace pyjit::ir;

static bool isConvertible(llvm::StringRef t) {
  return llvm::StringSwitch<bool>(t)
      .Cases({"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}, true)
      .Cases({"float32", "float64"}, true)
      .Default(false);
}

std::optional<Bf16Function> pyjit::ir::lookupBf16Function(llvm::StringRef name) {
  unsigned arity = llvm::StringSwitch<unsigned>(name)
                       .Cases({"hadd", "hsub", "hmul", "hdiv", "hadd_rn", "hsub_rn", "hmul_rn"}, 2)
                       .Cases({"hadd_sat", "hsub_sat", "hmul_sat"}, 2)
                       .Cases({"hmax", "hmin", "hmax_nan", "hmin_nan"}, 2)
                       .Cases({"hfma", "hfma_sat", "hfma_relu"}, 3)
                       .Cases({"hneg", "habs", "hsin", "hcos", "hlog", "hlog10", "hlog2"}, 1)
                       .Cases({"hexp", "hexp10", "hexp2", "hsqrt", "hrsqrt", "hrcp"}, 1)
                       .Cases({"hceil", "hfloor", "hrint", "htrunc"}, 1)
                       .Default(0);
  if (arity)
    return Bf16Function{arity, "bfloat16", "bfloat16"};
  if (name == "heq" || name == "hne" || name == "hge" || name == "hgt" || name == "hle" ||
      name == "hlt")
    return Bf16Function{2, "bfloat16", "bool"};
  if (name == "hisnan")
    return Bf16Function{1, "bfloat16", "bool"};
  if (name == "hisinf") // cuda_bf16.h's __hisinf: -1 for -inf, 1 for inf, else 0
    return Bf16Function{1, "bfloat16", "int32"};
  // Bit reinterpretations: bfloat16_as_int16, uint16_as_bfloat16.
  for (llvm::StringRef t : {"int16", "uint16"}) {
    if (name == "bfloat16_as_" + t.str())
      return Bf16Function{1, "bfloat16", t.str(), 0, true};
    if (name == t.str() + "_as_bfloat16")
      return Bf16Function{1, t.str(), "bfloat16", 0, true};
  }
  // Conversions: <type>_to_bfloat16[_rX], bfloat16_to_<type>[_rX].
  llvm::StringRef rest = name;
  char rounding = 'n';
  for (auto [suffix, mode] : {std::pair{"_rn", 'n'}, {"_rz", 'z'}, {"_rd", 'd'}, {"_ru", 'u'}})
    if (rest.consume_back(suffix)) {
      rounding = mode;
      break;
    }
  bool explicitMode = rest.size() != name.size();
  if (rest.consume_front("bfloat16_to_")) {
    if (!isConvertible(rest))
      return std::nullopt;
    // To a float: exact, no mode (bfloat16_to_float32); to an integer: a
    // mode, and only rz for 8 bits (cuda_bf16.h's __bfloat162char_rz).
    bool isFloat = rest.starts_with("float");
    if (isFloat == explicitMode || (rest.ends_with("int8") && rounding != 'z'))
      return std::nullopt;
    return Bf16Function{1, "bfloat16", rest.str(), rounding};
  }
  if (rest.consume_back("_to_bfloat16")) {
    // From any integer of 16 bits or more and float32 with a mode; float32
    // and float64 without one (to nearest even).
    bool isFloat = rest.starts_with("float");
    if (!isConvertible(rest) || rest.ends_with("int8") || (rest == "float64" && explicitMode) ||
        (!isFloat && !explicitMode))
      return std::nullopt;
    return Bf16Function{1, rest.str(), "bfloat16", rounding};
  }
  return std::nullopt;
}
