// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "progress.h"

#include <QPromise>

#include <algorithm>

namespace rankscope {

// Turns a (done, total) callback into QPromise progress in per mille, held below 100 % until
// the job is done, and the promise's cancel flag into the callback's answer. The promise must
// have the range 0..1000.
template<typename T>
ProgressCallback promiseProgress(QPromise<T> &promise)
{
    return [&promise, last = -1](qint64 done, qint64 total) mutable {
        if (promise.isCanceled())
            return false;
        const int permille = total > 0 ? int(std::min<qint64>(999, done * 1000 / total)) : 0;
        if (permille != last) {
            last = permille;
            promise.setProgressValue(permille);
        }
        return true;
    };
}

} // namespace rankscope
