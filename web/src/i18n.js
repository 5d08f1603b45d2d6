// The page's own words (the lesson text lives in web/content/). Korean first; English later.

const STRINGS = {
  ko: {
    run: "실행",
    runAll: "모두 실행",
    reset: "교과서 값으로",
    resetAll: "모두 교과서 값으로",
    running: "실행 중…",
    ready: "값을 눌러 고쳐 보세요",
    loading: "계산 엔진을 불러오는 중…",
    coreFailed: "계산 엔진을 불러오지 못했습니다. 미리 계산된 교과서 값의 결과만 보입니다.",
    stale: "입력을 고치면 결과가 다시 계산됩니다. 지금 보이는 결과는 마지막으로 성공한 값의 것입니다.",
    edit: "고치기",
    close: "닫기",
    addRow: "행 추가",
    removeRow: "행 삭제",
    addCol: "열 추가",
    removeCol: "열 삭제",
    addItem: "값 추가",
    removeItem: "마지막 값 삭제",
    randomSeed: "무작위 씨앗",
    editorHint: "숫자를 고치면 잠시 뒤 셀이 다시 실행됩니다. Shift+Enter 로 바로 실행합니다.",
    flow: "실행 흐름도",
    summary: "이 실습이 뜻하는 것",
    explanations: "코드 설명",
    contents: "목차",
    course: "트랜스포머·PEFT 2일 과정 · 실습실",
    error: {
      empty: "값을 넣어 주세요.",
      number: "수가 아닙니다. 예: 3, -1.5, 2e-3",
      integer: "정수를 넣어 주세요.",
      range: "{min} 이상 {max} 이하의 값이어야 합니다.",
      length: "{min}개에서 {max}개까지 넣을 수 있습니다.",
      ragged: "모든 행의 개수가 같아야 합니다.",
    },
  },
  en: {
    run: "Run",
    runAll: "Run all",
    reset: "Textbook values",
    resetAll: "All textbook values",
    running: "Running…",
    ready: "Click a value to change it",
    loading: "Loading the compute engine…",
    coreFailed: "The compute engine failed to load. Only the precomputed textbook outputs are shown.",
    stale: "Fix the input to recompute. The output shown is from the last values that worked.",
    edit: "Edit",
    close: "Close",
    addRow: "Add row",
    removeRow: "Remove row",
    addCol: "Add column",
    removeCol: "Remove column",
    addItem: "Add value",
    removeItem: "Remove last value",
    randomSeed: "Random seed",
    editorHint: "Edits re-run the cell after a moment. Shift+Enter runs it now.",
    flow: "Execution flow",
    summary: "What this lab shows",
    explanations: "About the code",
    contents: "Contents",
    course: "Transformer·PEFT two-day course · Labs",
    error: {
      empty: "Enter a value.",
      number: "Not a number. For example: 3, -1.5, 2e-3",
      integer: "Enter a whole number.",
      range: "Must be between {min} and {max}.",
      length: "Holds {min} to {max} values.",
      ragged: "Every row needs the same number of values.",
    },
  },
};

/** t("ko", "run") -> "실행";  t("ko", "error.range", {min: 1, max: 8}) -> "1 이상 8 이하의 값이어야 합니다." */
export function t(lang, key, vars = {}) {
  const table = STRINGS[lang] || STRINGS.ko;
  let text = key.split(".").reduce((node, part) => (node ? node[part] : undefined), table);
  if (typeof text !== "string") text = key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ""));
}
