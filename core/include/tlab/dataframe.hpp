// dataframe.hpp — `print(df)` for a pandas 1.5 DataFrame with a RangeIndex, run as a script
// (display.max_rows 60, min_rows 10, width 80, max_columns 0, precision 6; pandas counts
// characters, not display cells, when it aligns).
//
//   dataframe_str({{"d_k", NdArray::of_ints({2}, {4, 16})},
//                  {"√d_k", NdArray::of_floats({2}, {2.0, 4.0})}})
//   -> "   d_k  √d_k\n0    4   2.0\n1   16   4.0"
//
// Each column is a 1-D int64 or float64 NdArray; all columns have the same length.
#pragma once

#include <string>
#include <vector>

#include "tlab/ndarray.hpp"

namespace tlab {

struct DfColumn {
    std::string name;  // UTF-8
    NdArray values;    // 1-D
};

// The text print(pd.DataFrame({...})) writes, without the final newline.
std::string dataframe_str(const std::vector<DfColumn>& columns);

}  // namespace tlab
