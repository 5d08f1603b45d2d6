// The page's own words (a lab's text lives in labs/<id>/content.json, as {"ko", "en"} pairs).

// Words the live page uses (bundled into assets/page.js).
const STRINGS = {
  ko: {
    running: "실행 중…",
    codeLabel: "{n}단계 코드 (Shift+Enter 로 실행, Esc 다음 Tab 으로 나가기)",
    codePending: "코드가 바뀌었습니다. 입력을 멈추면 실행합니다 (바로 실행: Shift+Enter). 지금 보이는 결과는 바뀌기 전 코드의 것입니다.",
    flowTextbook: "(흐름도는 교과서 코드의 흐름입니다. 직접 고친 코드: {steps}단계)",
    ready: "값을 눌러 고쳐 보세요",
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
    linkCopied: "이 값들을 담은 링크를 복사했습니다.",
    linkCodeCopied: "고친 코드와 값을 담은 링크를 복사했습니다.",
    codeCopied: "코드를 복사했습니다.",
    copyFailed: "복사하지 못했습니다. 선택된 글자를 직접 복사하세요.",
    copied: "복사됨 ✓",
    rerun: "{step}단계 다시 계산됨",
    restored: "저장해 둔 값을 불러왔습니다.",
    fromLink: "링크에 담긴 값으로 시작합니다.",
    badState: "링크나 저장된 값이 올바르지 않아 교과서 값으로 시작합니다.",
    fromLinkCode: "링크에 담긴 코드와 값으로 시작합니다.",
    badCode: "링크에 담긴 코드를 읽을 수 없어 교과서 코드로 시작합니다.",
    badCell: "주소의 cell= 이 이 실습의 단계({steps})가 아니어서 실습 전체를 보여 줍니다.",
    codeBack: "이 브라우저에 있던 내 코드로 돌아가기",
    codeBackDone: "이 브라우저에 있던 코드로 돌아왔습니다.",
    codeTooLong: "고친 코드가 링크에 담기에는 너무 깁니다. 노트북(.ipynb)으로 내려받아 나누세요.",
    outsideSubset: "이 코드는 이 페이지가 실행하는 파이썬의 범위를 벗어납니다. 노트북으로 내려받아 Jupyter 에서 실행해 보세요.",
    progress: "진행률",
    cancel: "취소",
    cancelled: "실행을 취소했습니다. 지금 보이는 결과는 마지막으로 끝까지 계산한 값의 것입니다.",
    estimating: "남은 시간 계산 중…",
    timeLeft: "약 {left} 남음",
    seconds: "{s}초",
    minutes: "{m}분 {s}초",
    workerDied: "계산 엔진이 멈춰 이 셀을 계산하지 못했습니다. 엔진을 다시 띄웠으니 다시 실행해 보세요.",
    error: {
      empty: "값을 넣어 주세요.",
      number: "수가 아닙니다. 예: 3, -1.5, 2e-3",
      integer: "정수를 넣어 주세요.",
      range: "{min} 이상 {max} 이하의 값이어야 합니다.",
      length: "{min}개에서 {max}개까지 넣을 수 있습니다.",
      ragged: "모든 행의 개수가 같아야 합니다.",
      one: "수를 하나만 넣어 주세요. 쉼표나 띄어쓰기 없이 1000 처럼 씁니다.",
      boolean: "True 나 False 여야 합니다.",
    },
  },
  en: {
    running: "Running…",
    codeLabel: "Step {n} code (Shift+Enter runs it, Escape then Tab leaves)",
    codePending: "The code changed: it runs when you stop typing (run now: Shift+Enter). The output shown is from the code before.",
    flowTextbook: "(The diagram shows the textbook code's flow. Your own code: step {steps})",
    ready: "Click a value to change it",
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
    linkCopied: "Copied a link with these values.",
    linkCodeCopied: "Copied a link with your code and values.",
    codeCopied: "Copied the code.",
    copyFailed: "Could not copy. The text is selected: copy it yourself.",
    copied: "Copied ✓",
    rerun: "Step {step} recomputed",
    restored: "Restored your saved values.",
    fromLink: "Started from the values in the link.",
    badState: "The link or the saved values were not valid, so the lab starts from the textbook values.",
    fromLinkCode: "Started from the code and values in the link.",
    badCode: "The code in the link could not be read, so the lab starts from the textbook code.",
    badCell: "The address's cell= names no step of this lab ({steps}), so the whole lab is shown.",
    codeBack: "Back to my code in this browser",
    codeBackDone: "Your code from this browser is back.",
    codeTooLong: "The edited code is too long for a link. Download the notebook (.ipynb) to share it.",
    outsideSubset: "This code goes beyond the Python this page runs. Download the notebook to run it in Jupyter.",
    progress: "Progress",
    cancel: "Cancel",
    cancelled: "Cancelled. The output shown is from the last values that ran to the end.",
    estimating: "estimating the time left…",
    timeLeft: "about {left} left",
    seconds: "{s} s",
    minutes: "{m} min {s} s",
    workerDied: "The compute engine stopped while computing this cell. It has been restarted: run the cell again.",
    error: {
      empty: "Enter a value.",
      number: "Not a number. For example: 3, -1.5, 2e-3",
      integer: "Enter a whole number.",
      range: "Must be between {min} and {max}.",
      length: "Holds {min} to {max} values.",
      ragged: "Every row needs the same number of values.",
      one: "Enter one number, without commas or spaces: 1000, not 1,000.",
      boolean: "Must be True or False.",
    },
  },
};

// Words only the build writes into the HTML (left out of the page's bundle).
const BUILD = {
  ko: {
    stepTitle: "{n}단계 · {title}",
    run: "실행",
    runAll: "모두 실행",
    reset: "교과서 값으로",
    resetAll: "모두 교과서 값으로",
    loading: "계산 엔진을 불러오는 중…",
    flow: "실행 흐름도",
    summary: "이 실습이 뜻하는 것",
    explanations: "코드 설명",
    contents: "목차",
    course: "트랜스포머·PEFT 2일 과정 · 실습실",
    undo: "되돌리기",
    share: "링크 공유",
    copyCode: "코드 복사",
    editCode: "코드 고치기",
    resetCode: "교과서 코드로",
    notebook: "노트북 내려받기",
    skip: "본문으로 건너뛰기",
    site: "사이트",
    other: "English",
    otherLang: "en",
    foot: "코드는 브라우저 안의 계산 엔진이 NumPy·pandas 와 똑같은 규칙으로 실행합니다. 네트워크도, 설치도 필요 없습니다.",
    prelude: "앞 단계에서 이어지는 코드",
    variables: "변수",
    variablesHint: "계산 엔진이 이 셀을 실행하면 셀이 만들거나 바꾼 변수가 여기 보입니다.",
  },
  en: {
    stepTitle: "Step {n} · {title}",
    run: "Run",
    runAll: "Run all",
    reset: "Textbook values",
    resetAll: "All textbook values",
    loading: "Loading the compute engine…",
    flow: "Execution flow",
    summary: "What this lab shows",
    explanations: "About the code",
    contents: "Contents",
    course: "Transformer·PEFT two-day course · Labs",
    undo: "Undo",
    share: "Share link",
    copyCode: "Copy code",
    editCode: "Edit code",
    resetCode: "Textbook code",
    notebook: "Download notebook",
    skip: "Skip to content",
    site: "Site",
    other: "한국어",
    otherLang: "ko",
    foot: "The code runs in a compute engine inside your browser, following exactly NumPy's and pandas' rules. No network, nothing to install.",
    prelude: "Code carried over from the earlier step",
    variables: "Variables",
    variablesHint: "Once the compute engine runs this cell, the variables it defined or changed show here.",
  },
};

/** t("ko", "run") -> "실행";  t("ko", "error.range", {min: 1, max: 8}) -> "1 이상 8 이하의 값이어야 합니다." */
export function t(lang, key, vars = {}) {
  return lookup(STRINGS, lang, key, vars);
}

/** t() for the words the build writes into the HTML too: tb("en", "runAll") -> "Run all" */
export function tb(lang, key, vars = {}) {
  return lookup(BUILD, lang, key, vars, () => t(lang, key, vars));
}

function lookup(tables, lang, key, vars, fallback) {
  const table = tables[lang] || tables.ko;
  let text = key.split(".").reduce((node, part) => (node ? node[part] : undefined), table);
  if (typeof text !== "string" && fallback) return fallback();
  if (typeof text !== "string") text = key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ""));
}

/**
 * A lab's content (labs/<id>/content.json) in one language: every {"ko": …, "en": …} in it
 * becomes that language's text (the Korean where the other is missing); the rest stays as it is.
 * Text already in one language passes through unchanged.
 * @example localize({title: {ko: "실습", en: "Lab"}, steps: [{step: 1, lead: {ko: "먼저"}}]}, "en")
 *   // {title: "Lab", steps: [{step: 1, lead: "먼저"}]}
 */
export function localize(content, lang) {
  if (Array.isArray(content)) return content.map((item) => localize(item, lang));
  if (!content || typeof content !== "object") return content;
  const keys = Object.keys(content);
  if (keys.length && keys.every((k) => k === "ko" || k === "en") && typeof content.ko === "string") {
    return typeof content[lang] === "string" ? content[lang] : content.ko;
  }
  return Object.fromEntries(keys.map((k) => [k, localize(content[k], lang)]));
}
