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

static std::optional<Bf16Function> lookupCanonical(llvm::StringRef name);

/// NumPy's name of a C type in cuda_bf16.h's function names (short2bfloat16_rn).
static llvm::StringRef numpyName(llvm::StringRef c) {
  return llvm::StringSwitch<llvm::StringRef>(c)
      .Case("char", "int8").Case("uchar", "uint8").Case("short", "int16")
      .Case("ushort", "uint16").Case("int", "int32").Case("uint", "uint32")
      .Case("ll", "int64").Case("ull", "uint64").Case("float", "float32")
      .Case("double", "float64").Default("");
}

/// The NumPy-style spelling of a cuda_bf16.h-style name, or \p name itself.
static std::string canonical(llvm::StringRef name) {
  llvm::StringRef rest = name, mode;
  for (llvm::StringRef m : {"_rn", "_rz", "_rd", "_ru"})
    if (rest.ends_with(m)) {
      mode = m;
      rest = rest.drop_back(3);
      break;
    }
  if (rest.consume_front("bfloat162") && !numpyName(rest).empty())
    return "bfloat16_to_" + numpyName(rest).str() + mode.str(); // bfloat162int_rn
  if (rest.consume_back("2bfloat16") && !numpyName(rest).empty())
    return numpyName(rest).str() + "_to_bfloat16" + mode.str(); // int2bfloat16_rz
  if (name == "bfloat16_as_short" || name == "bfloat16_as_ushort")
    return "bfloat16_as_" + numpyName(name.drop_front(12)).str();
  if (name == "short_as_bfloat16" || name == "ushort_as_bfloat16")
    return numpyName(name.drop_back(12)).str() + "_as_bfloat16";
  return name.str();
}

std::optional<Bf16Function> pyjit::ir::lookupFp16CFunction(llvm::StringRef spelled) {
  // __float2half_rz is bf16's float2bfloat16_rz for float16: the shapes (and
  // cuda_fp16.h's set of names) are cuda_bf16.h's.
  if (!spelled.consume_front("__"))
    return std::nullopt;
  std::string text;
  for (llvm::StringRef rest = spelled; !rest.empty();) {
    if (rest.consume_front("half")) {
      text += "bfloat16";
      continue;
    }
    text += rest.front();
    rest = rest.drop_front();
  }
  std::optional<Bf16Function> fn = lookupBf16Function(text);
  if (!fn)
    return std::nullopt;
  auto half = [](std::string &s) {
    for (size_t at; (at = s.find("bfloat16")) != std::string::npos;)
      s.replace(at, 8, "float16");
  };
  half(fn->name);
  half(fn->param);
  half(fn->result);
  return fn;
}

std::optional<Bf16Function> pyjit::ir::lookupBf16Function(llvm::StringRef spelled) {
  std::string text = canonical(spelled);
  llvm::StringRef name = text;
  std::optional<Bf16Function> fn = lookupCanonical(name);
  if (fn)
    fn->name = text;
  return fn;
}

static std::optional<Bf16Function> lookupCanonical(llvm::StringRef name) {
  unsigned arity = llvm::StringSwitch<unsigned>(name)
                       .Cases({"hadd", "hsub", "hmul", "hdiv", "hadd_rn", "hsub_rn", "hmul_rn"}, 2)
                       .Cases({"hadd_sat", "hsub_sat", "hmul_sat"}, 2)
                       .Cases({"hmax", "hmin", "hmax_nan", "hmin_nan"}, 2)
                       .Cases({"hfma", "hfma_sat", "hfma_relu"}, 3)
                       .Cases({"hneg", "habs", "hsin", "hcos", "hlog", "hlog10", "hlog2"}, 1)
                       .Cases({"hexp", "hexp10", "hexp2", "hsqrt", "hrsqrt", "hrcp"}, 1)
                       .Cases({"hceil", "hfloor", "hrint", "htrunc", "htanh", "htanh_approx"}, 1)
                       .Default(0);
  if (arity)
    return Bf16Function{"", arity, "bfloat16", "bfloat16"};
  if (name == "heq" || name == "hne" || name == "hge" || name == "hgt" || name == "hle" ||
      name == "hlt" || name == "hequ" || name == "hneu" || name == "hgeu" || name == "hgtu" ||
      name == "hleu" || name == "hltu")
    return Bf16Function{"", 2, "bfloat16", "bool"};
  if (name == "hisnan")
    return Bf16Function{"", 1, "bfloat16", "bool"};
  if (name == "hisinf") // cuda_bf16.h's __hisinf: -1 for -inf, 1 for inf, else 0
    return Bf16Function{"", 1, "bfloat16", "int32"};
  // Bit reinterpretations: bfloat16_as_int16, uint16_as_bfloat16.
  for (llvm::StringRef t : {"int16", "uint16"}) {
    if (name == "bfloat16_as_" + t.str())
      return Bf16Function{"", 1, "bfloat16", t.str(), 0, true};
    if (name == t.str() + "_as_bfloat16")
      return Bf16Function{"", 1, t.str(), "bfloat16", 0, true};
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
    return Bf16Function{"", 1, "bfloat16", rest.str(), rounding};
  }
  if (rest.consume_back("_to_bfloat16")) {
    // From any integer of 16 bits or more and float32 with a mode; float32
    // and float64 without one (to nearest even).
    bool isFloat = rest.starts_with("float");
    if (!isConvertible(rest) || rest.ends_with("int8") || (rest == "float64" && explicitMode) ||
        (!isFloat && !explicitMode))
      return std::nullopt;
    return Bf16Function{"", 1, rest.str(), "bfloat16", rounding};
  }
  return std::nullopt;
}
