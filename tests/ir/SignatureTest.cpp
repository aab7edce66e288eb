//===- SignatureTest.cpp - numba-style type and signature strings ---------===//
#include "pyjit/ir/Signature.h"
#include <gtest/gtest.h>
#include <algorithm>
#include <vector>

using namespace pyjit::ir;
using llvm::cast;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;

namespace {

/// parseType that fails the test on error.
Type *mustParse(TypeContext &ctx, llvm::StringRef text) {
  auto t = parseType(ctx, text);
  if (!t) {
    ADD_FAILURE() << "parseType('" << text.str() << "'): " << llvm::toString(t.takeError());
    return nullptr;
  }
  return *t;
}

/// The error message of parseType, or "" if it succeeded.
std::string typeError(TypeContext &ctx, llvm::StringRef text) {
  auto t = parseType(ctx, text);
  if (t)
    return "";
  return llvm::toString(t.takeError());
}

std::string sigError(TypeContext &ctx, llvm::StringRef text) {
  auto s = parseSignature(ctx, text);
  if (s)
    return "";
  return llvm::toString(s.takeError());
}

TEST(SignatureTest, Scalars) {
  TypeContext ctx;
  EXPECT_EQ(mustParse(ctx, "float32"), ctx.float32());
  EXPECT_EQ(mustParse(ctx, "float64"), ctx.float64());
  EXPECT_EQ(mustParse(ctx, "float16"), ctx.floatTy(16));
  EXPECT_EQ(mustParse(ctx, "int32"), ctx.int32());
  EXPECT_EQ(mustParse(ctx, "int64"), ctx.int64());
  EXPECT_EQ(mustParse(ctx, "int8"), ctx.intTy(8, true));
  EXPECT_EQ(mustParse(ctx, "uint8"), ctx.intTy(8, false));
  EXPECT_EQ(mustParse(ctx, "uint64"), ctx.intTy(64, false));
  EXPECT_EQ(mustParse(ctx, "bool"), ctx.boolean());
  EXPECT_EQ(mustParse(ctx, "boolean"), ctx.boolean());
  // NumPy's short codes.
  EXPECT_EQ(mustParse(ctx, "f4"), ctx.float32());
  EXPECT_EQ(mustParse(ctx, "i8"), ctx.int64());
  EXPECT_EQ(mustParse(ctx, "u2"), ctx.intTy(16, false));
  // Surrounding blanks are ignored.
  EXPECT_EQ(mustParse(ctx, "  int32  "), ctx.int32());
  EXPECT_NE(ctx.intTy(32, true), ctx.intTy(32, false));
}

TEST(SignatureTest, OneDimensionalArrays) {
  TypeContext ctx;
  Type *a = mustParse(ctx, "float32[:]");
  ASSERT_NE(a, nullptr);
  auto *at = dyn_cast<ArrayType>(a);
  ASSERT_NE(at, nullptr);
  EXPECT_EQ(at->dtype(), ctx.float32());
  EXPECT_EQ(at->ndim(), 1u);
  EXPECT_EQ(at->layout(), Layout::A); // numba: `[:]` is any layout
  EXPECT_EQ(a, ctx.array(ctx.float32(), 1, Layout::A));

  EXPECT_EQ(mustParse(ctx, "float32[::1]"), ctx.array(ctx.float32(), 1, Layout::C));
  EXPECT_EQ(mustParse(ctx, "int64[:]"), ctx.array(ctx.int64(), 1, Layout::A));
  EXPECT_EQ(mustParse(ctx, "bool[::1]"), ctx.array(ctx.boolean(), 1, Layout::C));
}

TEST(SignatureTest, TwoDimensionalArrays) {
  TypeContext ctx;
  EXPECT_EQ(mustParse(ctx, "float64[:, ::1]"), ctx.array(ctx.float64(), 2, Layout::C));
  EXPECT_EQ(mustParse(ctx, "float64[:,::1]"), ctx.array(ctx.float64(), 2, Layout::C));
  EXPECT_EQ(mustParse(ctx, "float64[:, :]"), ctx.array(ctx.float64(), 2, Layout::A));
  // Fortran order: `::1` first (numba).
  EXPECT_EQ(mustParse(ctx, "float64[::1, :]"), ctx.array(ctx.float64(), 2, Layout::F));
  EXPECT_EQ(mustParse(ctx, "int32[:, :, ::1]"), ctx.array(ctx.int32(), 3, Layout::C));
}

TEST(SignatureTest, NumbaReprSpelling) {
  TypeContext ctx;
  EXPECT_EQ(mustParse(ctx, "array(float32, 2d, C)"), ctx.array(ctx.float32(), 2, Layout::C));
  EXPECT_EQ(mustParse(ctx, "array(int64, 1d, A)"), ctx.array(ctx.int64(), 1, Layout::A));
  EXPECT_EQ(mustParse(ctx, "array(float64,3d,C)"), ctx.array(ctx.float64(), 3, Layout::C));
  EXPECT_EQ(mustParse(ctx, "array(float32, 2d, F)"), ctx.array(ctx.float32(), 2, Layout::F));
  // numba prints qualifiers such as `readonly` after the layout.
  EXPECT_EQ(mustParse(ctx, "array(float32, 1d, C, readonly)"),
            ctx.array(ctx.float32(), 1, Layout::C));
}

TEST(SignatureTest, TypeStrRoundTrips) {
  TypeContext ctx;
  EXPECT_EQ(ctx.array(ctx.float32(), 2, Layout::C)->str(), "array(float32, 2d, C)");
  EXPECT_EQ(ctx.array(ctx.intTy(16, false), 1, Layout::A)->str(), "array(uint16, 1d, A)");
  EXPECT_EQ(ctx.boolean()->str(), "bool");
  EXPECT_EQ(ctx.none()->str(), "none");
  for (Type *t : {static_cast<Type *>(ctx.float32()), static_cast<Type *>(ctx.intTy(8, false)),
                  static_cast<Type *>(ctx.boolean()),
                  static_cast<Type *>(ctx.array(ctx.float64(), 2, Layout::C)),
                  static_cast<Type *>(ctx.array(ctx.int32(), 3, Layout::A))})
    EXPECT_EQ(mustParse(ctx, t->str()), t) << t->str();
}

TEST(SignatureTest, TypesAreInterned) {
  TypeContext ctx;
  Type *a = mustParse(ctx, "float32[:, ::1]");
  Type *b = mustParse(ctx, "array(float32, 2d, C)");
  EXPECT_EQ(a, b);
  EXPECT_NE(a, mustParse(ctx, "float32[:, :]"));
  EXPECT_NE(a, mustParse(ctx, "float64[:, ::1]"));
  EXPECT_EQ(ctx.tuple({ctx.int64(), ctx.int64()}), ctx.tuple({ctx.int64(), ctx.int64()}));
  EXPECT_NE(ctx.tuple({ctx.int64(), ctx.int64()}), ctx.tuple({ctx.int64(), ctx.int32()}));
}

TEST(SignatureTest, ZeroDimensionalArrays) {
  TypeContext ctx;
  auto *at = dyn_cast_or_null<ArrayType>(mustParse(ctx, "array(float32, 0d, C)"));
  ASSERT_NE(at, nullptr);
  EXPECT_EQ(at->ndim(), 0u);
  EXPECT_EQ(at->dtype(), ctx.float32());
  EXPECT_EQ(at->str(), "array(float32, 0d, C)");
}

TEST(SignatureTest, RecordsWithArrayFieldsAndNestedRecords) {
  TypeContext ctx;
  llvm::StringRef spelled =
      "Record(id[type=int32;offset=0],pos[type=nestedarray(float32, (3,));offset=4],"
      "m[type=nestedarray(float64, (2, 2));offset=16],"
      "inner[type=Record(a[type=int16;offset=0],b[type=float32;offset=4];8;True);offset=48];"
      "56;True)";
  auto *rt = dyn_cast_or_null<RecordType>(parseDType(ctx, spelled));
  ASSERT_NE(rt, nullptr);
  EXPECT_EQ(rt->size(), 56u);
  const RecordType::Field *pos = rt->field("pos");
  ASSERT_NE(pos, nullptr);
  EXPECT_EQ(pos->type, ctx.float32());
  EXPECT_EQ(pos->shape, std::vector<uint64_t>({3}));
  EXPECT_EQ(rt->field("m")->shape, std::vector<uint64_t>({2, 2}));
  auto *inner = dyn_cast<RecordType>(rt->field("inner")->type);
  ASSERT_NE(inner, nullptr);
  EXPECT_EQ(inner->size(), 8u);
  // Type::str spells it back as numba does, and the inner field is found at
  // its summed offset with its dotted path.
  EXPECT_EQ(rt->str(), spelled);
  std::string path;
  EXPECT_NE(rt->scalarAt(52, ctx.float32(), &path), nullptr);
  EXPECT_EQ(path, "inner.b");
  EXPECT_EQ(rt->scalarAt(8, ctx.float32()), nullptr); // inside an array field: not a scalar field
  EXPECT_EQ(parseDType(ctx, "float64"), ctx.float64());
  EXPECT_EQ(parseDType(ctx, "Record(x[type=float32;offset=0];2;False)"), nullptr); // too small
  EXPECT_EQ(parseDType(ctx, "nonsense"), nullptr);
  EXPECT_NE(typeError(ctx, "array(Record(p[type=nestedarray(float32, ());offset=0];4;False), "
                           "1d, C)")
                .find("nestedarray"),
            std::string::npos);
}

TEST(SignatureTest, TypeErrors) {
  TypeContext ctx;
  std::string e = typeError(ctx, "float128");
  EXPECT_NE(e.find("invalid type signature 'float128'"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown type 'float128'"), std::string::npos) << e;

  EXPECT_NE(typeError(ctx, "").find("expected a type name"), std::string::npos);
  EXPECT_NE(typeError(ctx, "float32[").find("expected ':' or '::1'"), std::string::npos);
  EXPECT_NE(typeError(ctx, "float32[:").find("expected ']'"), std::string::npos);
  EXPECT_NE(typeError(ctx, "float32[1]").find("expected ':' or '::1'"), std::string::npos);
  EXPECT_NE(typeError(ctx, "float32[::2]").find("expected ']'"), std::string::npos);
  EXPECT_NE(typeError(ctx, "float32 x").find("unexpected text after the type"),
            std::string::npos);
  EXPECT_NE(typeError(ctx, "float32[:] [:]").find("unexpected text"), std::string::npos);
  EXPECT_NE(typeError(ctx, "array(foo, 1d, C)").find("unknown dtype 'foo'"), std::string::npos);
  EXPECT_NE(typeError(ctx, "array(float32, xd, C)").find("number of dimensions"),
            std::string::npos);
  EXPECT_NE(typeError(ctx, "array(float32, 2d, X)").find("unknown layout 'X'"),
            std::string::npos);
  EXPECT_NE(typeError(ctx, "array(float32, 2d)").find("expected a layout"), std::string::npos);
  EXPECT_NE(typeError(ctx, "array(float32, 2d, C").find("expected ')'"), std::string::npos);
  EXPECT_NE(typeError(ctx, "array float32").find("expected '(' after 'array'"),
            std::string::npos);
  // An array of arrays is not a type.
  EXPECT_FALSE(typeError(ctx, "array(array, 1d, C)").empty());
  // `void` is a return type only.
  EXPECT_NE(typeError(ctx, "void").find("unknown type 'void'"), std::string::npos);
}

TEST(SignatureTest, VoidSignature) {
  TypeContext ctx;
  auto sig = parseSignature(ctx, "void(float32[:], int32)");
  ASSERT_TRUE(static_cast<bool>(sig)) << llvm::toString(sig.takeError());
  EXPECT_EQ(sig->returnType, ctx.none());
  EXPECT_TRUE(sig->name.empty());
  ASSERT_EQ(sig->args.size(), 2u);
  EXPECT_EQ(sig->args[0], ctx.array(ctx.float32(), 1, Layout::A));
  EXPECT_EQ(sig->args[1], ctx.int32());
}

TEST(SignatureTest, NamedSignature) {
  TypeContext ctx;
  auto sig = parseSignature(ctx, "saxpy(float32[::1], float32[:, ::1], array(float64, 1d, C), "
                                 "float32)");
  ASSERT_TRUE(static_cast<bool>(sig)) << llvm::toString(sig.takeError());
  EXPECT_EQ(sig->name, "saxpy");
  EXPECT_EQ(sig->returnType, nullptr);
  ASSERT_EQ(sig->args.size(), 4u);
  EXPECT_EQ(sig->args[0], ctx.array(ctx.float32(), 1, Layout::C));
  EXPECT_EQ(sig->args[1], ctx.array(ctx.float32(), 2, Layout::C));
  EXPECT_EQ(sig->args[2], ctx.array(ctx.float64(), 1, Layout::C));
  EXPECT_EQ(sig->args[3], ctx.float32());
}

TEST(SignatureTest, ScalarReturnTypeAndEmptyArguments) {
  TypeContext ctx;
  auto f = parseSignature(ctx, "float32(float32, float32)");
  ASSERT_TRUE(static_cast<bool>(f)) << llvm::toString(f.takeError());
  EXPECT_EQ(f->returnType, ctx.float32());
  EXPECT_TRUE(f->name.empty());
  EXPECT_EQ(f->args.size(), 2u);

  auto k = parseSignature(ctx, "k()");
  ASSERT_TRUE(static_cast<bool>(k)) << llvm::toString(k.takeError());
  EXPECT_EQ(k->name, "k");
  EXPECT_TRUE(k->args.empty());

  auto v = parseSignature(ctx, " void ( ) ");
  ASSERT_TRUE(static_cast<bool>(v)) << llvm::toString(v.takeError());
  EXPECT_EQ(v->returnType, ctx.none());
  EXPECT_TRUE(v->args.empty());
}

TEST(SignatureTest, TupleOfArgumentTypes) {
  // numba's "float32[:], int32" (a Python tuple of types): arguments only.
  TypeContext ctx;
  auto v = parseSignature(ctx, "float32[:], i4");
  ASSERT_TRUE(static_cast<bool>(v)) << llvm::toString(v.takeError());
  EXPECT_EQ(v->returnType, nullptr);
  EXPECT_TRUE(v->name.empty());
  ASSERT_EQ(v->args.size(), 2u);
  EXPECT_EQ(v->args[1], ctx.int32());
  auto one = parseSignature(ctx, "float64[::1],");
  ASSERT_TRUE(static_cast<bool>(one)) << llvm::toString(one.takeError());
  EXPECT_EQ(one->args.size(), 1u);
  EXPECT_NE(sigError(ctx, "float64").find("or a tuple of argument types"), std::string::npos);
}

TEST(SignatureTest, EveryScalarNameOfferedIsOneTheParserKnows) {
  // The names a "did you mean" offers each name a distinct scalar type.
  TypeContext ctx;
  std::vector<Type *> seen;
  for (llvm::StringRef name : TypeContext::scalarNames()) {
    Type *t = ctx.scalarByName(name);
    ASSERT_NE(t, nullptr) << name.str();
    EXPECT_EQ(mustParse(ctx, name), t) << name.str();
    EXPECT_EQ(std::count(seen.begin(), seen.end(), t), 0) << name.str();
    seen.push_back(t);
  }
  EXPECT_EQ(seen.size(), 15u); // bool, 8 ints, 3 floats, 2 complex, bfloat16
  EXPECT_NE(sigError(ctx, "k(bflaot16)").find("did you mean 'bfloat16'?"), std::string::npos);
  EXPECT_NE(sigError(ctx, "k(complx64)").find("did you mean 'complex64'?"), std::string::npos);
}

TEST(SignatureTest, SignatureErrors) {
  TypeContext ctx;
  EXPECT_NE(sigError(ctx, "k(float32").find("expected ',' or ')'"), std::string::npos);
  EXPECT_NE(sigError(ctx, "k float32").find("expected '(' after 'k'"), std::string::npos);
  EXPECT_NE(sigError(ctx, "k(float32) extra").find("unexpected text after ')'"),
            std::string::npos);
  EXPECT_NE(sigError(ctx, "k(floot32)").find("unknown type 'floot32'; did you mean 'float32'?"),
            std::string::npos);
  EXPECT_EQ(sigError(ctx, "k(zebra)").find("did you mean"), std::string::npos); // none close
  EXPECT_NE(sigError(ctx, "void(float32[:)").find("expected ']'"), std::string::npos);
  std::string e = sigError(ctx, "k(float32,, int32)");
  EXPECT_NE(e.find("invalid type signature 'k(float32,, int32)'"), std::string::npos) << e;
  EXPECT_NE(e.find("expected a type name"), std::string::npos) << e;
}

} // namespace

TEST(SignatureTest, DeeplyNestedTypesAreAnErrorNotAStackOverflow) {
  TypeContext ctx;
  // 64 levels of tuple parse; 100000 fail with a message.
  auto nest = [](int n) {
    std::string s;
    for (int i = 0; i < n; ++i)
      s += "Tuple(";
    return s + "int32" + std::string(n, ')');
  };
  EXPECT_NE(mustParse(ctx, nest(63)), nullptr);
  std::string deep = nest(100000);
  EXPECT_NE(typeError(ctx, deep).find("nested more than 64 deep"), std::string::npos);
  EXPECT_NE(sigError(ctx, "void(" + deep + ")").find("nested more than 64 deep"),
            std::string::npos);
}

TEST(SignatureTest, NumbaCNamesByteAndUint) {
  TypeContext ctx;
  // numba.types: byte = uchar = uint8, char = int8, uint = uint64.
  EXPECT_EQ(mustParse(ctx, "byte"), ctx.intTy(8, false));
  EXPECT_EQ(mustParse(ctx, "uchar"), ctx.intTy(8, false));
  EXPECT_EQ(mustParse(ctx, "char"), ctx.intTy(8));
  EXPECT_EQ(mustParse(ctx, "uint"), ctx.uint64());
}

TEST(SignatureTest, UniTupleConstructorSpelling) {
  TypeContext ctx;
  Type *t = mustParse(ctx, "UniTuple(int64, 2)");
  EXPECT_EQ(t, mustParse(ctx, "UniTuple(int64 x 2)"));
  EXPECT_EQ(t, ctx.tuple({ctx.int64(), ctx.int64()}));
  EXPECT_NE(typeError(ctx, "UniTuple(int64 x 100000000)").find("more than 1024"),
            std::string::npos);
}

TEST(SignatureTest, TupleOfAPythonTupleSpelling) {
  // numba's constructor takes a Python tuple: Tuple((float64, int64)).
  TypeContext ctx;
  EXPECT_EQ(mustParse(ctx, "Tuple((float64, int64))"), ctx.tuple({ctx.float64(), ctx.int64()}));
  EXPECT_EQ(mustParse(ctx, "Tuple((float64,))"), ctx.tuple({ctx.float64()}));
  EXPECT_EQ(mustParse(ctx, "Tuple(())"), ctx.tuple({}));
  EXPECT_NE(typeError(ctx, "Tuple((float64, int64)").find("expected ')'"), std::string::npos);
}

TEST(SignatureTest, ArrayConstructorSpelling) {
  TypeContext ctx;
  EXPECT_EQ(mustParse(ctx, "Array(float64, 2, 'A')"), ctx.array(ctx.float64(), 2, Layout::A));
  EXPECT_EQ(mustParse(ctx, "Array(float32, 1, C)"), ctx.array(ctx.float32(), 1, Layout::C));
  EXPECT_EQ(mustParse(ctx, "Array(int32, 3, \"F\", readonly=True)"),
            ctx.array(ctx.int32(), 3, Layout::F, true));
  EXPECT_EQ(mustParse(ctx, "Array(int32, 3, 'F', readonly=False)"),
            ctx.array(ctx.int32(), 3, Layout::F));
  EXPECT_NE(typeError(ctx, "Array(float64, 0, 'C')").find("ndim 1 to 32"), std::string::npos);
  EXPECT_NE(typeError(ctx, "Array(float64, 2, 'X')").find("layout"), std::string::npos);
  EXPECT_NE(typeError(ctx, "Array(float64, 2, 'C', mutable=True)").find("readonly=True"),
            std::string::npos);
  EXPECT_NE(typeError(ctx, "Array(spam, 2, 'C')").find("unknown dtype 'spam'"),
            std::string::npos);
}

TEST(SignatureTest, NumbaUnalignedArraysAndPointerSpellings) {
  // str() of numba.from_dtype(packed)[:] and of types.CPointer(float32), as
  // a numba signature object becomes text.
  TypeContext ctx;
  Type *packed = mustParse(ctx, "Record(x[type=float32;offset=0],y[type=int32;offset=4];8;False)");
  EXPECT_EQ(mustParse(ctx, "unaligned array(Record(x[type=float32;offset=0],"
                           "y[type=int32;offset=4];8;False), 1d, A)"),
            ctx.array(packed, 1, Layout::A));
  EXPECT_EQ(mustParse(ctx, "unaligned array(float32, 2d, C)"),
            ctx.array(ctx.float32(), 2, Layout::C));
  EXPECT_EQ(mustParse(ctx, "float32*"), ctx.pointer(ctx.float32()));
  EXPECT_EQ(mustParse(ctx, "float32*"), mustParse(ctx, "CPointer(float32)"));
  EXPECT_NE(typeError(ctx, "unaligned float32").find("'unaligned' applies to arrays"),
            std::string::npos);
  EXPECT_FALSE(typeError(ctx, "float32**").empty());
  EXPECT_FALSE(typeError(ctx, "int32[:]*").empty());
}

TEST(SignatureTest, ResultOfAnyType) {
  // numba's device-function signatures may return tuples or arrays.
  TypeContext ctx;
  auto sig = parseSignature(ctx, "UniTuple(float64, 2)(float64, float64)");
  ASSERT_TRUE(static_cast<bool>(sig)) << llvm::toString(sig.takeError());
  EXPECT_EQ(sig->returnType, ctx.tuple({ctx.float64(), ctx.float64()}));
  EXPECT_EQ(sig->args.size(), 2u);
  EXPECT_TRUE(sig->name.empty());
  auto tuple = parseSignature(ctx, "Tuple((float64, int64))(float64[:])");
  ASSERT_TRUE(static_cast<bool>(tuple)) << llvm::toString(tuple.takeError());
  EXPECT_EQ(tuple->returnType, ctx.tuple({ctx.float64(), ctx.int64()}));
  ASSERT_EQ(tuple->args.size(), 1u);
  EXPECT_EQ(tuple->args[0], ctx.array(ctx.float64(), 1, Layout::A));
  auto array = parseSignature(ctx, "float32[::1](int64)");
  ASSERT_TRUE(static_cast<bool>(array)) << llvm::toString(array.takeError());
  EXPECT_EQ(array->returnType, ctx.array(ctx.float32(), 1, Layout::C));
  // A name is still a name (pyjitc's --sig): saxpy(float32[:], float32).
  auto named = parseSignature(ctx, "saxpy(float32[:], float32)");
  ASSERT_TRUE(static_cast<bool>(named));
  EXPECT_EQ(named->name, "saxpy");
  EXPECT_EQ(named->returnType, nullptr);
  EXPECT_NE(sigError(ctx, "UniTuple(float64, 2)").find("a signature is 'result(argument types)'"),
            std::string::npos);
}
