/**
 * The event a fresh gateway starts with (docs/decisions/800): a paper-trading competition that
 * opens at the first start and runs for 30 days, with texts in several languages (others fall
 * back to English).
 */
import type { EventInput, EventText } from "../../protocol/events.ts";

export const SEED_SLUG = "paper-trading-cup";
const DAY = 24 * 3600_000;

const rules = (items: string[], note: string) => `<ol>${items.map((i) => `<li>${i}</li>`).join("")}</ol><p>${note}</p>`;

const TEXTS: Record<string, EventText> = {
  en: {
    title: "Paper Trading Cup",
    summary:
      "Trade the spot market with demo funds for 30 days. The best profit and the best return top the leaderboard. No real money at risk.",
    rulesHtml: rules(
      [
        "Enrol while the cup is live, logged in with your main account. Your <strong>demo (paper) account</strong> enters; real balances are never touched.",
        "Your starting equity is taken when you enrol: every demo coin you hold, valued in USDT at the live market price.",
        "Your result is your equity at the end (or now, while the cup runs) minus your starting equity: <em>PnL</em> in USDT, and <em>return</em> as a percentage of the start.",
        "Only trading counts. Resetting your demo funds or receiving any transfer after enrolling disqualifies the entry.",
        "The leaderboard refreshes every few seconds. When the cup ends, the standings are frozen and final.",
      ],
      "Demo trading only: prizes, if any, are announced separately. The operator may disqualify abuse.",
    ),
  },
  de: {
    title: "Paper-Trading-Cup",
    summary:
      "Handeln Sie 30 Tage lang mit Demoguthaben am Spotmarkt. Der höchste Gewinn und die beste Rendite führen die Rangliste an. Kein echtes Geld im Spiel.",
    rulesHtml: rules(
      [
        "Melden Sie sich an, solange der Cup läuft, eingeloggt mit Ihrem Hauptkonto. Ihr <strong>Demokonto</strong> nimmt teil; echte Guthaben bleiben unberührt.",
        "Ihr Startkapital wird bei der Anmeldung ermittelt: alle Demomünzen, in USDT zum aktuellen Marktpreis bewertet.",
        "Ihr Ergebnis ist das Kapital am Ende (oder jetzt, solange der Cup läuft) minus Startkapital: <em>Gewinn/Verlust</em> in USDT und <em>Rendite</em> in Prozent.",
        "Nur Handel zählt. Wer nach der Anmeldung sein Demoguthaben zurücksetzt oder Überweisungen erhält, wird disqualifiziert.",
        "Die Rangliste wird alle paar Sekunden aktualisiert. Nach dem Ende wird sie eingefroren und ist endgültig.",
      ],
      "Nur Demohandel: Preise, falls vorhanden, werden gesondert bekannt gegeben. Missbrauch kann zur Disqualifikation führen.",
    ),
  },
  es: {
    title: "Copa de Trading Simulado",
    summary:
      "Opera en el mercado spot con fondos de demostración durante 30 días. La mayor ganancia y la mejor rentabilidad encabezan la clasificación. Sin dinero real en juego.",
    rulesHtml: rules(
      [
        "Inscríbete mientras la copa está en curso, con tu cuenta principal. Participa tu <strong>cuenta demo</strong>; tus saldos reales no se tocan.",
        "Tu patrimonio inicial se calcula al inscribirte: todas tus monedas demo, valoradas en USDT al precio de mercado.",
        "Tu resultado es el patrimonio al final (o ahora, mientras dura la copa) menos el inicial: <em>PnL</em> en USDT y <em>rentabilidad</em> en porcentaje.",
        "Solo cuenta el trading. Restablecer los fondos demo o recibir transferencias tras inscribirte descalifica la participación.",
        "La clasificación se actualiza cada pocos segundos. Al terminar la copa, queda congelada y es definitiva.",
      ],
      "Solo trading de demostración: los premios, si los hay, se anuncian aparte. El operador puede descalificar abusos.",
    ),
  },
  ja: {
    title: "ペーパートレーディング・カップ",
    summary: "デモ資金で30日間スポット市場を取引。最大の損益と最高のリターンがランキング上位に。実際の資金は使いません。",
    rulesHtml: rules(
      [
        "開催中にメインアカウントでログインして参加登録してください。<strong>デモ（ペーパー）口座</strong>が参加し、実際の残高には一切触れません。",
        "開始時資産は登録時に算出されます：保有するすべてのデモ通貨を現在の市場価格でUSDT換算します。",
        "成績は終了時（開催中は現在）の資産から開始時資産を引いたもの：USDT建ての<em>損益</em>と、開始時資産に対する<em>リターン</em>（%）です。",
        "取引のみが対象です。登録後にデモ資金をリセットしたり送金を受け取ったりすると失格になります。",
        "ランキングは数秒ごとに更新され、終了時に確定します。",
      ],
      "デモ取引のみです。賞品がある場合は別途お知らせします。不正行為は失格となる場合があります。",
    ),
  },
  "zh-CN": {
    title: "模拟交易杯",
    summary: "使用模拟资金在现货市场交易 30 天。收益最高和收益率最高者位居排行榜前列。无需真实资金。",
    rulesHtml: rules(
      [
        "比赛进行期间，使用主账户登录并报名。参赛的是您的<strong>模拟账户</strong>，真实余额不受影响。",
        "报名时计算初始权益：您持有的全部模拟币种，按实时市场价格折算为 USDT。",
        "成绩为结束时（比赛进行中则为当前）的权益减去初始权益：以 USDT 计的<em>盈亏</em>，以及相对初始权益的<em>收益率</em>。",
        "只计算交易。报名后重置模拟资金或收到任何划转，将取消参赛资格。",
        "排行榜每隔几秒刷新一次。比赛结束后排名冻结，成为最终结果。",
      ],
      "仅限模拟交易：如有奖励，将另行公布。运营方可取消违规参赛者的资格。",
    ),
  },
  ar: {
    title: "كأس التداول التجريبي",
    summary: "تداول في السوق الفورية بأموال تجريبية لمدة 30 يومًا. يتصدر أعلى ربح وأفضل عائد لوحة المتصدرين. دون أي أموال حقيقية.",
    rulesHtml: rules(
      [
        "سجّل أثناء سير الكأس بعد تسجيل الدخول بحسابك الرئيسي. يشارك <strong>حسابك التجريبي</strong>؛ ولا تُمسّ أرصدتك الحقيقية.",
        "تُحسب قيمة محفظتك الابتدائية عند التسجيل: جميع عملاتك التجريبية مقوّمة بـ USDT بسعر السوق الحالي.",
        "نتيجتك هي قيمة المحفظة عند النهاية (أو الآن أثناء الكأس) ناقص القيمة الابتدائية: <em>الربح والخسارة</em> بـ USDT و<em>العائد</em> كنسبة مئوية.",
        "التداول وحده يُحتسب. إعادة ضبط الأموال التجريبية أو تلقي أي تحويل بعد التسجيل يؤدي إلى الاستبعاد.",
        "تتحدث لوحة المتصدرين كل بضع ثوانٍ، وعند انتهاء الكأس تُجمَّد النتائج وتصبح نهائية.",
      ],
      "تداول تجريبي فقط: يُعلن عن الجوائز، إن وُجدت، بشكل منفصل. يحق للمشغّل استبعاد أي إساءة.",
    ),
  },
};

/** The cup, opening at `now` (the first start) for 30 days. */
export function seedEvents(now: number): EventInput[] {
  const startsAt = Math.floor(now / 60_000) * 60_000;
  return [
    {
      slug: SEED_SLUG,
      kind: "trading-competition",
      startsAt,
      endsAt: startsAt + 30 * DAY,
      image: `/event-images/${SEED_SLUG}.svg`,
      texts: TEXTS,
    },
  ];
}
