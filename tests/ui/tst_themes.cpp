// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Selected rows must stay readable: the selection text against the selection background meets
// WCAG AA (4.5:1) in the light and the dark palette and after the System palette is mended, and
// tables really paint their selection with those colours.
#include "themes.h"

#include <QApplication>
#include <QStandardItemModel>
#include <QStyle>
#include <QStyleFactory>
#include <QTableView>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace rankscope::ui;

class TestThemes : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void contrastRatio()
    {
        QCOMPARE(Themes::contrastRatio(Qt::black, Qt::white), 21.0);
        QCOMPARE(Themes::contrastRatio(Qt::white, Qt::black), 21.0);
        QCOMPARE(Themes::contrastRatio(QColor(0x3d, 0xae, 0xe9), QColor(0x3d, 0xae, 0xe9)), 1.0);
        // Breeze's selection blue under white text: the pair this fixes.
        QVERIFY(Themes::contrastRatio(QColor(0x3d, 0xae, 0xe9), Qt::white) < 2.6);
    }

    void selectionIsReadable_data()
    {
        QTest::addColumn<QPalette>("palette");
        QTest::addRow("light") << Themes::lightPalette();
        QTest::addRow("dark") << Themes::darkPalette();
        QPalette breeze = Themes::lightPalette();
        breeze.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
        Themes::ensureReadableSelection(breeze);
        QTest::addRow("mended breeze") << breeze;
        const std::unique_ptr<QStyle> fusionStyle(QStyleFactory::create(u"Fusion"_s));
        QPalette fusion = fusionStyle->standardPalette();
        Themes::ensureReadableSelection(fusion);
        QTest::addRow("mended fusion") << fusion;
        QPalette darkText = Themes::lightPalette();
        darkText.setColor(QPalette::Highlight, QColor(0x40, 0x60, 0x80));
        darkText.setColor(QPalette::HighlightedText, QColor(0x10, 0x10, 0x10));
        Themes::ensureReadableSelection(darkText);
        QTest::addRow("mended, dark selection text") << darkText;
    }

    void selectionIsReadable()
    {
        QFETCH(QPalette, palette);
        for (const auto group : {QPalette::Active, QPalette::Inactive}) {
            const double selection = Themes::contrastRatio(palette.color(group, QPalette::HighlightedText),
                                                           palette.color(group, QPalette::Highlight));
            QVERIFY2(selection >= Themes::MinimumContrast, qPrintable(QString::number(selection)));
            const double text = Themes::contrastRatio(palette.color(group, QPalette::Text), palette.color(group, QPalette::Base));
            QVERIFY2(text >= Themes::MinimumContrast, qPrintable(QString::number(text)));
        }
    }

    void mendingKeepsTheHue()
    {
        QPalette p;
        p.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
        p.setColor(QPalette::HighlightedText, Qt::white);
        Themes::ensureReadableSelection(p);
        const QColor mended = p.color(QPalette::Highlight);
        QVERIFY(std::abs(mended.hslHue() - QColor(0x3d, 0xae, 0xe9).hslHue()) <= 2);
        QVERIFY(mended.lightness() < QColor(0x3d, 0xae, 0xe9).lightness());
    }

    void tablesPaintTheSelectionWithThePalette_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::addRow("light") << false;
        QTest::addRow("dark") << true;
    }

    void tablesPaintTheSelectionWithThePalette()
    {
        QFETCH(bool, dark);
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
        const QPalette palette = dark ? Themes::darkPalette() : Themes::lightPalette();
        QStandardItemModel model(3, 2);
        for (int r = 0; r < 3; ++r) {
            for (int c = 0; c < 2; ++c)
                model.setItem(r, c, new QStandardItem(u"node-%1 2.21.5"_s.arg(r)));
        }
        QTableView view;
        view.setPalette(palette);
        view.setModel(&model);
        view.resize(400, 200);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.selectRow(1);
        const QImage image = view.viewport()->grab().toImage();
        const QRect cell = view.visualRect(model.index(1, 1));
        // The right end of the cell holds no text: the selection background.
        const QColor background = image.pixelColor(cell.right() - 3, cell.center().y());
        QCOMPARE(background.rgb(), palette.color(QPalette::Active, QPalette::Highlight).rgb());
    }
};

QTEST_MAIN(TestThemes)
#include "tst_themes.moc"
