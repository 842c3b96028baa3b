// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Built only when KF6 SyntaxHighlighting is found: proves RankScope's shipped definition is
// found through the resource path and produces formats on a real NCCL line.
#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>

#include <QTest>

using namespace Qt::StringLiterals;

namespace {
class RecordingHighlighter : public KSyntaxHighlighting::AbstractHighlighter
{
public:
    QStringList formats;
    void run(const QString &line) { highlightLine(line, KSyntaxHighlighting::State()); }

protected:
    void applyFormat(int, int, const KSyntaxHighlighting::Format &format) override { formats << format.name(); }
};
} // namespace

class TestSyntaxDefinition : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void shippedDefinitionHighlights()
    {
        Q_INIT_RESOURCE(rankscope);
        KSyntaxHighlighting::Repository repo;
        const auto def = repo.definitionForName(u"Distributed training log"_s);
        QVERIFY2(def.isValid(), "the shipped rankscope-log.xml was not found in the resources");
        RecordingHighlighter h;
        h.setDefinition(def);
        h.setTheme(repo.defaultTheme());
        h.run(u"[rank3]:[E1218 20:27:21.426415540 ProcessGroupNCCL.cpp:629] [Rank 3] Watchdog caught collective operation timeout"_s);
        QVERIFY2(h.formats.contains(u"Rank"_s), qPrintable(h.formats.join(u',')));
        QVERIFY2(h.formats.contains(u"Error"_s), qPrintable(h.formats.join(u',')));
        h.formats.clear();
        h.run(u"node-03:2456:2456 [0] NCCL INFO NCCL version 2.21.5+cuda12.4"_s);
        QVERIFY2(h.formats.contains(u"Info"_s), qPrintable(h.formats.join(u',')));
    }
};

QTEST_GUILESS_MAIN(TestSyntaxDefinition)
#include "tst_syntaxdefinition.moc"
