// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

#include <functional>

namespace rankscope {

// Progress and cancellation in one: long work calls it with (done, total) in its own units
// (bytes for ingest) and stops as soon as it returns false. Parsers never read a global flag.
using ProgressCallback = std::function<bool(qint64 done, qint64 total)>;

inline bool reportProgress(const ProgressCallback &cb, qint64 done, qint64 total)
{
    return !cb || cb(done, total);
}

} // namespace rankscope
