# Every scalar type is a valid argument type and keeps its name in the IR:
# bool, int8..int64, uint8..uint64, float16, float32, float64.
#
# RUN: %pyjitc %s --sig 'k(bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64)' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(b, i8, i16, i32, i64, u8, u16, u32, u64, f16, f32, f64):
    pass

# CHECK: func @k(%b: bool, %i8: int8, %i16: int16, %i32: int32, %i64: int64, %u8: uint8, %u16: uint16, %u32: uint32, %u64: uint64, %f16: float16, %f32: float32, %f64: float64) -> none {
