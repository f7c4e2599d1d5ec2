import type { LocalizedString } from '@internationalized/string';
import { message } from './message';

/**
 * React Aria's built-in strings in Urdu (react-aria-components 1.22.1 has none): its screen-reader labels
 * and announcements, translated from its en-US module with the same packages, keys and variables. Urdu's
 * `one` is 1 only (CLDR); a sentence whose verb agrees with the count is whole in each case. Date field
 * names are CLDR's, which browsers with `Intl.DisplayNames` say instead.
 */
const strings: Record<string, Record<string, LocalizedString>> = {
  '@react-aria/autocomplete': {
    collectionLabel: 'تجاویز',
  },
  '@react-aria/breadcrumbs': {
    breadcrumbs: 'نیویگیشن کا راستہ',
  },
  '@react-aria/calendar': {
    previous: 'پچھلا',
    next: 'اگلا',
    selectedDateDescription: message((e: { date: string }) => `منتخب تاریخ: ${e.date}`),
    selectedRangeDescription: message((e: { dateRange: string }) => `منتخب دورانیہ: ${e.dateRange}`),
    todayDate: message((e: { date: string }) => `آج، ${e.date}`),
    todayDateSelected: message((e: { date: string }) => `آج، ${e.date}، منتخب`),
    dateSelected: message((e: { date: string }) => `${e.date}، منتخب`),
    startRangeSelectionPrompt: 'تاریخ کا دورانیہ منتخب کرنا شروع کرنے کے لیے کلک کریں',
    finishRangeSelectionPrompt: 'تاریخ کا دورانیہ منتخب کرنا مکمل کرنے کے لیے کلک کریں',
    minimumDate: 'پہلی دستیاب تاریخ',
    maximumDate: 'آخری دستیاب تاریخ',
    dateRange: message((e: { startDate: string; endDate: string }) => `${e.startDate} سے ${e.endDate} تک`),
  },
  '@react-aria/color': {
    colorPicker: 'رنگ چنندہ',
    twoDimensionalSlider: 'دو جہتی سلائیڈر',
    colorNameAndValue: message((e: { name: string; value: string }) => `${e.name}: ${e.value}`),
    colorInputLabel: message((e: { label: string; channelLabel: string }) => `${e.label}، ${e.channelLabel}`),
    colorSwatch: 'رنگ کا نمونہ',
    transparent: 'شفاف',
  },
  '@react-aria/combobox': {
    focusAnnouncement: message(
      (e: { isGroupChange: boolean; groupTitle: string; groupCount: number; optionText: string; isSelected: boolean }, t) =>
        `${t.select(
          {
            true: () =>
              `گروپ ${e.groupTitle} میں داخل ہوئے، ${t.plural(e.groupCount, {
                one: () => `${t.number(e.groupCount)} اختیار`,
                other: () => `${t.number(e.groupCount)} اختیارات`,
              })} کے ساتھ۔ `,
            other: '',
          },
          e.isGroupChange,
        )}${e.optionText}${t.select({ true: '، منتخب', other: '' }, e.isSelected)}`,
    ),
    countAnnouncement: message((e: { optionCount: number }, t) =>
      t.plural(e.optionCount, {
        one: () => `${t.number(e.optionCount)} اختیار دستیاب ہے۔`,
        other: () => `${t.number(e.optionCount)} اختیارات دستیاب ہیں۔`,
      }),
    ),
    selectedAnnouncement: message((e: { optionText: string }) => `${e.optionText}، منتخب`),
    buttonLabel: 'تجاویز دکھائیں',
    listboxLabel: 'تجاویز',
  },
  '@react-aria/datepicker': {
    era: 'عہد',
    year: 'سال',
    month: 'مہینہ',
    day: 'دن',
    hour: 'گھنٹہ',
    minute: 'منٹ',
    second: 'سیکنڈ',
    dayPeriod: 'قبل دوپہر/بعد دوپہر',
    calendar: 'کیلنڈر',
    startDate: 'آغاز کی تاریخ',
    endDate: 'اختتام کی تاریخ',
    weekday: 'ہفتے کا دن',
    timeZoneName: 'منطقۂ وقت',
    selectedDateDescription: message((e: { date: string }) => `منتخب تاریخ: ${e.date}`),
    selectedRangeDescription: message((e: { startDate: string; endDate: string }) => `منتخب دورانیہ: ${e.startDate} سے ${e.endDate} تک`),
    selectedTimeDescription: message((e: { time: string }) => `منتخب وقت: ${e.time}`),
  },
  '@react-aria/dnd': {
    dragItem: message((e: { itemText: string }) => `${e.itemText} کو گھسیٹیں`),
    dragSelectedItems: message(
      (e: { count: number }, t) =>
        `${t.plural(e.count, {
          one: () => `${t.number(e.count)} منتخب آئٹم`,
          other: () => `${t.number(e.count)} منتخب آئٹمز`,
        })} کو گھسیٹیں`,
    ),
    dragDescriptionKeyboard: 'گھسیٹنا شروع کرنے کے لیے Enter دبائیں۔',
    dragDescriptionKeyboardAlt: 'گھسیٹنا شروع کرنے کے لیے Alt + Enter دبائیں۔',
    dragDescriptionTouch: 'گھسیٹنا شروع کرنے کے لیے دو بار تھپتھپائیں۔',
    dragDescriptionVirtual: 'گھسیٹنا شروع کرنے کے لیے کلک کریں۔',
    dragDescriptionLongPress: 'گھسیٹنا شروع کرنے کے لیے دیر تک دبائیں۔',
    dragSelectedKeyboard: message(
      (e: { count: number }, t) =>
        `${t.plural(e.count, {
          one: () => `${t.number(e.count)} منتخب آئٹم`,
          other: () => `${t.number(e.count)} منتخب آئٹمز`,
        })} کو گھسیٹنے کے لیے Enter دبائیں۔`,
    ),
    dragSelectedKeyboardAlt: message(
      (e: { count: number }, t) =>
        `${t.plural(e.count, {
          one: () => `${t.number(e.count)} منتخب آئٹم`,
          other: () => `${t.number(e.count)} منتخب آئٹمز`,
        })} کو گھسیٹنے کے لیے Alt + Enter دبائیں۔`,
    ),
    dragSelectedLongPress: message(
      (e: { count: number }, t) =>
        `${t.plural(e.count, {
          one: () => `${t.number(e.count)} منتخب آئٹم`,
          other: () => `${t.number(e.count)} منتخب آئٹمز`,
        })} کو گھسیٹنے کے لیے دیر تک دبائیں۔`,
    ),
    dragStartedKeyboard:
      'گھسیٹنا شروع ہو گیا۔ چھوڑنے کی جگہ پر جانے کے لیے Tab دبائیں، پھر چھوڑنے کے لیے Enter دبائیں، یا منسوخ کرنے کے لیے Escape دبائیں۔',
    dragStartedTouch: 'گھسیٹنا شروع ہو گیا۔ چھوڑنے کی جگہ پر جائیں، پھر چھوڑنے کے لیے دو بار تھپتھپائیں۔',
    dragStartedVirtual: 'گھسیٹنا شروع ہو گیا۔ چھوڑنے کی جگہ پر جائیں، پھر چھوڑنے کے لیے کلک کریں یا Enter دبائیں۔',
    endDragKeyboard: 'گھسیٹا جا رہا ہے۔ گھسیٹنا منسوخ کرنے کے لیے Enter دبائیں۔',
    endDragTouch: 'گھسیٹا جا رہا ہے۔ گھسیٹنا منسوخ کرنے کے لیے دو بار تھپتھپائیں۔',
    endDragVirtual: 'گھسیٹا جا رہا ہے۔ گھسیٹنا منسوخ کرنے کے لیے کلک کریں۔',
    dropDescriptionKeyboard: 'چھوڑنے کے لیے Enter دبائیں۔ گھسیٹنا منسوخ کرنے کے لیے Escape دبائیں۔',
    dropDescriptionTouch: 'چھوڑنے کے لیے دو بار تھپتھپائیں۔',
    dropDescriptionVirtual: 'چھوڑنے کے لیے کلک کریں۔',
    dropCanceled: 'چھوڑنا منسوخ ہو گیا۔',
    dropComplete: 'چھوڑنا مکمل ہو گیا۔',
    dropIndicator: 'چھوڑنے کا نشان',
    // Read before the collection's own label (aria-labelledby), so Urdu cannot end on its postposition.
    dropOnRoot: 'چھوڑنے کی جگہ:',
    dropOnItem: message((e: { itemText: string }) => `${e.itemText} پر چھوڑیں`),
    insertBefore: message((e: { itemText: string }) => `${e.itemText} سے پہلے داخل کریں`),
    insertBetween: message(
      (e: { beforeItemText: string; afterItemText: string }) => `${e.beforeItemText} اور ${e.afterItemText} کے درمیان داخل کریں`,
    ),
    insertAfter: message((e: { itemText: string }) => `${e.itemText} کے بعد داخل کریں`),
  },
  '@react-aria/grid': {
    deselectedItem: message((e: { item: string }) => `${e.item} منتخب نہیں ہے۔`),
    select: 'منتخب کریں',
    selectedCount: message(
      (e: { count: number }, t) =>
        `${t.plural(e.count, {
          '=0': 'کوئی آئٹم منتخب نہیں ہے',
          one: () => `${t.number(e.count)} آئٹم منتخب ہے`,
          other: () => `${t.number(e.count)} آئٹمز منتخب ہیں`,
        })}۔`,
    ),
    selectedAll: 'تمام آئٹمز منتخب ہیں۔',
    selectedItem: message((e: { item: string }) => `${e.item} منتخب ہے۔`),
    longPressToSelect: 'انتخاب موڈ میں جانے کے لیے دیر تک دبائیں۔',
  },
  '@react-aria/gridlist': {
    hasActionAnnouncement: 'قطار میں کارروائی ہے',
    hasLinkAnnouncement: message((e: { link: string }) => `قطار میں لنک ہے: ${e.link}`),
  },
  '@react-aria/menu': {
    longPressMessage: 'مینیو کھولنے کے لیے دیر تک دبائیں یا Alt + نیچے والا تیر دبائیں',
  },
  '@react-aria/numberfield': {
    decrease: message((e: { fieldLabel: string }) => `${e.fieldLabel} کم کریں`),
    increase: message((e: { fieldLabel: string }) => `${e.fieldLabel} بڑھائیں`),
    numberField: 'نمبر فیلڈ',
  },
  '@react-aria/overlays': {
    dismiss: 'برخاست کریں',
  },
  '@react-aria/previewtrigger': {
    longPressMessage: 'پیش منظر کھولنے کے لیے دیر تک دبائیں',
  },
  '@react-aria/searchfield': {
    'Clear search': 'تلاش صاف کریں',
  },
  '@react-aria/spinbutton': {
    Empty: 'خالی',
  },
  '@react-aria/steplist': {
    steplist: 'مراحل کی فہرست',
  },
  '@react-aria/table': {
    select: 'منتخب کریں',
    selectAll: 'سبھی منتخب کریں',
    sortable: 'ترتیب دینے کے قابل کالم',
    ascending: 'صعودی',
    descending: 'نزولی',
    ascendingSort: message((e: { columnName: string }) => `کالم ${e.columnName} کے لحاظ سے صعودی ترتیب میں`),
    descendingSort: message((e: { columnName: string }) => `کالم ${e.columnName} کے لحاظ سے نزولی ترتیب میں`),
    columnSize: message((e: { value: number }, t) => `${t.number(e.value)} پکسلز`),
    resizerDescription: 'سائز تبدیل کرنا شروع کرنے کے لیے Enter دبائیں',
    expand: 'پھیلائیں',
    collapse: 'سکیڑیں',
  },
  '@react-aria/tag': {
    removeDescription: 'ٹیگ ہٹانے کے لیے Delete دبائیں۔',
    removeButtonLabel: 'ہٹائیں',
  },
  '@react-aria/toast': {
    close: 'بند کریں',
    notifications: message(
      (e: { count: number }, t) =>
        `${t.plural(e.count, {
          one: () => `${t.number(e.count)} اطلاع`,
          other: () => `${t.number(e.count)} اطلاعات`,
        })}۔`,
    ),
  },
  '@react-aria/tree': {
    expand: 'پھیلائیں',
    collapse: 'سکیڑیں',
  },
  '@react-stately/color': {
    hue: 'رنگت',
    saturation: 'سیر شدگی',
    lightness: 'ہلکا پن',
    brightness: 'چمک',
    red: 'سرخ',
    green: 'سبز',
    blue: 'نیلا',
    alpha: 'الفا',
    // Urdu, like English, puts adjectives before the noun: "گہرا شوخ نیلا" for "dark vibrant blue".
    colorName: message((e: { lightness: string; chroma: string; hue: string }) => `${e.lightness} ${e.chroma} ${e.hue}`),
    transparentColorName: message(
      (e: { lightness: string; chroma: string; hue: string; percentTransparent: string }) =>
        `${e.lightness} ${e.chroma} ${e.hue}، ${e.percentTransparent} شفاف`,
    ),
    'very dark': 'بہت گہرا',
    dark: 'گہرا',
    light: 'ہلکا',
    'very light': 'بہت ہلکا',
    pale: 'پھیکا',
    grayish: 'سرمئی مائل',
    vibrant: 'شوخ',
    black: 'سیاہ',
    white: 'سفید',
    gray: 'سرمئی',
    pink: 'گلابی',
    'pink red': 'گلابی سرخ',
    'red orange': 'سرخ نارنجی',
    brown: 'بھورا',
    orange: 'نارنجی',
    'orange yellow': 'نارنجی پیلا',
    'brown yellow': 'بھورا پیلا',
    yellow: 'پیلا',
    'yellow green': 'پیلا سبز',
    'green cyan': 'سبز فیروزی',
    cyan: 'فیروزی',
    'cyan blue': 'فیروزی نیلا',
    'blue purple': 'نیلا جامنی',
    purple: 'جامنی',
    'purple magenta': 'جامنی ارغوانی',
    magenta: 'ارغوانی',
    'magenta pink': 'ارغوانی گلابی',
  },
  '@react-stately/datepicker': {
    rangeUnderflow: message((e: { minValue: string }) => `قدر ${e.minValue} یا اس کے بعد کی ہونی چاہیے۔`),
    rangeOverflow: message((e: { maxValue: string }) => `قدر ${e.maxValue} یا اس سے پہلے کی ہونی چاہیے۔`),
    rangeReversed: 'آغاز کی تاریخ اختتام کی تاریخ سے پہلے ہونی چاہیے۔',
    unavailableDate: 'منتخب تاریخ دستیاب نہیں ہے۔',
  },
  'react-aria-components': {
    selectPlaceholder: 'ایک آئٹم منتخب کریں',
    tableResizer: 'سائز تبدیل کنندہ',
    dropzoneLabel: 'چھوڑنے کا علاقہ',
    colorSwatchPicker: 'رنگوں کے نمونے',
  },
};

export default strings;
