// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <limits>
#include <optional>

namespace rankscope::history {

inline constexpr qint64 NoTime = std::numeric_limits<qint64>::min();

// One cell of the version matrix as the history keeps it: enough to answer "have we seen this
// value before" and to compare with a later run, not the evidence (that stays in the bundle).
struct MatrixValue
{
    QString node;
    QString component;
    QString value;
    bool outlier = false;
    QString majority; // the value most nodes had, for outliers
    friend bool operator==(const MatrixValue &, const MatrixValue &) = default;
};

// What the incident library keeps of one analysed incident. It is made from the analysis JSON
// (`rankscope analyze --format json`, schema rankscope.analysis/1) in every case, whether the
// window records an analysis, `analyze --record` does, or `history import` reads a file made on
// another machine: one conversion, so the three agree and an imported incident is the same
// record as one analysed here.
struct IncidentRecord
{
    qint64 id = 0; // the library's row id; 0 until recorded
    // The bundle's identity: SHA-256 over its inputs' (path, bytes, lines), sorted. Re-recording
    // or re-importing the same bundle updates its row instead of adding a second one.
    QString identity;
    qint64 recordedMs = 0;
    QString origin;      // what was opened (one path per line), or the file imported
    QStringList jobIds;  // "slurm:4891784", "k8s:<job>", "torchrun:<run id>"
    qint64 firstMs = NoTime; // the first and last timed event
    qint64 lastMs = NoTime;
    QStringList nodes;
    int rankCount = 0;
    int worldSize = -1;

    QString entry;       // the verdict's encyclopedia entry; empty when undecided
    int rank = -1;
    QString node;
    QString gpu;         // the initiating GPU's PCI address ("0000:3b:00") when the evidence names it
    qint64 timeMs = NoTime; // the initiating failure
    double confidence = 0;
    bool external = false;
    bool overridden = false; // the verdict is a user's correction, not the analysis'
    QString summary;
    QString evidencePath;
    qint64 evidenceLine = 0;
    QString evidenceText;
    QList<MatrixValue> matrix;

    // When the incident happened, for "the last 30 days": the initiating failure, else the last
    // event, else when it was recorded.
    qint64 when() const;
    QList<MatrixValue> outliers() const;

    // nullopt with *problem set when json is not an analysis RankScope wrote.
    static std::optional<IncidentRecord> fromAnalysisJson(const QJsonObject &json, const QString &origin, QString *problem);
    QJsonObject toJson() const;
    // "0000:3b:00" from NCCL's busId 3b000, the kernel's PCI:0000:3b:00 or a bus id 00000000:3B:00.0.
    static QString gpuAddress(const QString &text);
};

} // namespace rankscope::history
