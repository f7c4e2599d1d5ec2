import type { LocalizedString } from '@internationalized/string';
import { message } from './message';

/**
 * React Aria's built-in strings in Persian (react-aria-components 1.22.1 has none): its screen-reader
 * labels and announcements, translated from its en-US module with the same packages, keys and variables.
 * Persian puts a noun after a numeral in the singular, so `one` and `other` read alike; `one` also covers
 * 0 (CLDR). Date field names are CLDR's, which browsers with `Intl.DisplayNames` say instead.
 */
const strings: Record<string, Record<string, LocalizedString>> = {
  '@react-aria/autocomplete': {
    collectionLabel: 'پیشنهادها',
  },
  '@react-aria/breadcrumbs': {
    breadcrumbs: 'مسیر راهنما',
  },
  '@react-aria/calendar': {
    previous: 'قبلی',
    next: 'بعدی',
    selectedDateDescription: message((e: { date: string }) => `تاریخ انتخاب‌شده: ${e.date}`),
    selectedRangeDescription: message((e: { dateRange: string }) => `بازهٔ انتخاب‌شده: ${e.dateRange}`),
    todayDate: message((e: { date: string }) => `امروز، ${e.date}`),
    todayDateSelected: message((e: { date: string }) => `امروز، ${e.date}، انتخاب‌شده`),
    dateSelected: message((e: { date: string }) => `${e.date}، انتخاب‌شده`),
    startRangeSelectionPrompt: 'برای شروع انتخاب بازهٔ تاریخ کلیک کنید',
    finishRangeSelectionPrompt: 'برای پایان انتخاب بازهٔ تاریخ کلیک کنید',
    minimumDate: 'نخستین تاریخ در دسترس',
    maximumDate: 'آخرین تاریخ در دسترس',
    dateRange: message((e: { startDate: string; endDate: string }) => `${e.startDate} تا ${e.endDate}`),
  },
  '@react-aria/color': {
    colorPicker: 'انتخاب‌گر رنگ',
    twoDimensionalSlider: 'لغزندهٔ دوبعدی',
    colorNameAndValue: message((e: { name: string; value: string }) => `${e.name}: ${e.value}`),
    colorInputLabel: message((e: { label: string; channelLabel: string }) => `${e.label}، ${e.channelLabel}`),
    colorSwatch: 'نمونهٔ رنگ',
    transparent: 'شفاف',
  },
  '@react-aria/combobox': {
    focusAnnouncement: message(
      (e: { isGroupChange: boolean; groupTitle: string; groupCount: number; optionText: string; isSelected: boolean }, t) =>
        `${t.select(
          {
            true: () =>
              `وارد گروه ${e.groupTitle} با ${t.plural(e.groupCount, {
                one: () => `${t.number(e.groupCount)} گزینه`,
                other: () => `${t.number(e.groupCount)} گزینه`,
              })} شدید. `,
            other: '',
          },
          e.isGroupChange,
        )}${e.optionText}${t.select({ true: '، انتخاب‌شده', other: '' }, e.isSelected)}`,
    ),
    countAnnouncement: message(
      (e: { optionCount: number }, t) =>
        `${t.plural(e.optionCount, {
          one: () => `${t.number(e.optionCount)} گزینه`,
          other: () => `${t.number(e.optionCount)} گزینه`,
        })} در دسترس است.`,
    ),
    selectedAnnouncement: message((e: { optionText: string }) => `${e.optionText}، انتخاب شد`),
    buttonLabel: 'نمایش پیشنهادها',
    listboxLabel: 'پیشنهادها',
  },
  '@react-aria/datepicker': {
    era: 'دوره',
    year: 'سال',
    month: 'ماه',
    day: 'روز',
    hour: 'ساعت',
    minute: 'دقیقه',
    second: 'ثانیه',
    dayPeriod: 'ق.ظ/ب.ظ',
    calendar: 'تقویم',
    startDate: 'تاریخ شروع',
    endDate: 'تاریخ پایان',
    weekday: 'روز هفته',
    timeZoneName: 'منطقهٔ زمانی',
    selectedDateDescription: message((e: { date: string }) => `تاریخ انتخاب‌شده: ${e.date}`),
    selectedRangeDescription: message((e: { startDate: string; endDate: string }) => `بازهٔ انتخاب‌شده: ${e.startDate} تا ${e.endDate}`),
    selectedTimeDescription: message((e: { time: string }) => `زمان انتخاب‌شده: ${e.time}`),
  },
  '@react-aria/dnd': {
    dragItem: message((e: { itemText: string }) => `کشیدن ${e.itemText}`),
    dragSelectedItems: message(
      (e: { count: number }, t) =>
        `کشیدن ${t.plural(e.count, {
          one: () => `${t.number(e.count)} مورد انتخاب‌شده`,
          other: () => `${t.number(e.count)} مورد انتخاب‌شده`,
        })}`,
    ),
    dragDescriptionKeyboard: 'برای شروع کشیدن، Enter را فشار دهید.',
    dragDescriptionKeyboardAlt: 'برای شروع کشیدن، Alt + Enter را فشار دهید.',
    dragDescriptionTouch: 'برای شروع کشیدن، دو ضربه سریع بزنید.',
    dragDescriptionVirtual: 'برای شروع کشیدن، کلیک کنید.',
    dragDescriptionLongPress: 'برای شروع کشیدن، لمس طولانی کنید.',
    dragSelectedKeyboard: message(
      (e: { count: number }, t) =>
        `برای کشیدن ${t.plural(e.count, {
          one: () => `${t.number(e.count)} مورد انتخاب‌شده`,
          other: () => `${t.number(e.count)} مورد انتخاب‌شده`,
        })}، Enter را فشار دهید.`,
    ),
    dragSelectedKeyboardAlt: message(
      (e: { count: number }, t) =>
        `برای کشیدن ${t.plural(e.count, {
          one: () => `${t.number(e.count)} مورد انتخاب‌شده`,
          other: () => `${t.number(e.count)} مورد انتخاب‌شده`,
        })}، Alt + Enter را فشار دهید.`,
    ),
    dragSelectedLongPress: message(
      (e: { count: number }, t) =>
        `برای کشیدن ${t.plural(e.count, {
          one: () => `${t.number(e.count)} مورد انتخاب‌شده`,
          other: () => `${t.number(e.count)} مورد انتخاب‌شده`,
        })}، لمس طولانی کنید.`,
    ),
    dragStartedKeyboard:
      'کشیدن شروع شد. برای رفتن به مقصد رها کردن، Tab را فشار دهید، سپس برای رها کردن Enter یا برای لغو Escape را فشار دهید.',
    dragStartedTouch: 'کشیدن شروع شد. به مقصد رها کردن بروید، سپس برای رها کردن دو ضربه سریع بزنید.',
    dragStartedVirtual: 'کشیدن شروع شد. به مقصد رها کردن بروید، سپس برای رها کردن کلیک کنید یا Enter را فشار دهید.',
    endDragKeyboard: 'در حال کشیدن. برای لغو کشیدن، Enter را فشار دهید.',
    endDragTouch: 'در حال کشیدن. برای لغو کشیدن، دو ضربه سریع بزنید.',
    endDragVirtual: 'در حال کشیدن. برای لغو کشیدن، کلیک کنید.',
    dropDescriptionKeyboard: 'برای رها کردن، Enter را فشار دهید. برای لغو کشیدن، Escape را فشار دهید.',
    dropDescriptionTouch: 'برای رها کردن، دو ضربه سریع بزنید.',
    dropDescriptionVirtual: 'برای رها کردن، کلیک کنید.',
    dropCanceled: 'رها کردن لغو شد.',
    dropComplete: 'رها کردن انجام شد.',
    dropIndicator: 'نشانگر رها کردن',
    dropOnRoot: 'رها کردن روی',
    dropOnItem: message((e: { itemText: string }) => `رها کردن روی ${e.itemText}`),
    insertBefore: message((e: { itemText: string }) => `درج پیش از ${e.itemText}`),
    insertBetween: message((e: { beforeItemText: string; afterItemText: string }) => `درج بین ${e.beforeItemText} و ${e.afterItemText}`),
    insertAfter: message((e: { itemText: string }) => `درج پس از ${e.itemText}`),
  },
  '@react-aria/grid': {
    deselectedItem: message((e: { item: string }) => `${e.item} از انتخاب خارج شد.`),
    select: 'انتخاب',
    selectedCount: message(
      (e: { count: number }, t) =>
        `${t.plural(e.count, {
          '=0': 'هیچ موردی انتخاب نشده است',
          one: () => `${t.number(e.count)} مورد انتخاب شده است`,
          other: () => `${t.number(e.count)} مورد انتخاب شده است`,
        })}.`,
    ),
    selectedAll: 'همهٔ موارد انتخاب شده‌اند.',
    selectedItem: message((e: { item: string }) => `${e.item} انتخاب شد.`),
    longPressToSelect: 'برای ورود به حالت انتخاب، لمس طولانی کنید.',
  },
  '@react-aria/gridlist': {
    hasActionAnnouncement: 'ردیف دارای عملکرد است',
    hasLinkAnnouncement: message((e: { link: string }) => `ردیف دارای پیوند است: ${e.link}`),
  },
  '@react-aria/menu': {
    longPressMessage: 'برای باز کردن منو، لمس طولانی کنید یا Alt + پیکان پایین را فشار دهید',
  },
  '@react-aria/numberfield': {
    decrease: message((e: { fieldLabel: string }) => `کاهش ${e.fieldLabel}`),
    increase: message((e: { fieldLabel: string }) => `افزایش ${e.fieldLabel}`),
    numberField: 'فیلد عددی',
  },
  '@react-aria/overlays': {
    dismiss: 'بستن',
  },
  '@react-aria/previewtrigger': {
    longPressMessage: 'برای باز کردن پیش‌نمایش، لمس طولانی کنید',
  },
  '@react-aria/searchfield': {
    'Clear search': 'پاک کردن جست‌وجو',
  },
  '@react-aria/spinbutton': {
    Empty: 'خالی',
  },
  '@react-aria/steplist': {
    steplist: 'فهرست مراحل',
  },
  '@react-aria/table': {
    select: 'انتخاب',
    selectAll: 'انتخاب همه',
    sortable: 'ستون قابل مرتب‌سازی',
    ascending: 'صعودی',
    descending: 'نزولی',
    ascendingSort: message((e: { columnName: string }) => `مرتب‌شده بر اساس ستون ${e.columnName} به ترتیب صعودی`),
    descendingSort: message((e: { columnName: string }) => `مرتب‌شده بر اساس ستون ${e.columnName} به ترتیب نزولی`),
    columnSize: message((e: { value: number }, t) => `${t.number(e.value)} پیکسل`),
    resizerDescription: 'برای شروع تغییر اندازه، Enter را فشار دهید',
    expand: 'گسترش دادن',
    collapse: 'جمع کردن',
  },
  '@react-aria/tag': {
    removeDescription: 'برای حذف برچسب، Delete را فشار دهید.',
    removeButtonLabel: 'حذف',
  },
  '@react-aria/toast': {
    close: 'بستن',
    notifications: message(
      (e: { count: number }, t) =>
        `${t.plural(e.count, {
          one: () => `${t.number(e.count)} اعلان`,
          other: () => `${t.number(e.count)} اعلان`,
        })}.`,
    ),
  },
  '@react-aria/tree': {
    expand: 'گسترش دادن',
    collapse: 'جمع کردن',
  },
  '@react-stately/color': {
    hue: 'رنگ‌مایه',
    saturation: 'اشباع',
    lightness: 'روشنی',
    brightness: 'درخشندگی',
    red: 'قرمز',
    green: 'سبز',
    blue: 'آبی',
    alpha: 'آلفا',
    // Persian puts adjectives after the noun: "آبی پررنگ تیره" for "dark vibrant blue".
    colorName: message((e: { lightness: string; chroma: string; hue: string }) => `${e.hue} ${e.chroma} ${e.lightness}`),
    transparentColorName: message(
      (e: { lightness: string; chroma: string; hue: string; percentTransparent: string }) =>
        `${e.hue} ${e.chroma} ${e.lightness}، ${e.percentTransparent} شفاف`,
    ),
    'very dark': 'بسیار تیره',
    dark: 'تیره',
    light: 'روشن',
    'very light': 'بسیار روشن',
    pale: 'کم‌رنگ',
    grayish: 'مایل به خاکستری',
    vibrant: 'پررنگ',
    black: 'سیاه',
    white: 'سفید',
    gray: 'خاکستری',
    pink: 'صورتی',
    // "pink red" is a red toward pink, and so on: the second hue is the colour, the first its tint.
    'pink red': 'قرمز مایل به صورتی',
    'red orange': 'نارنجی مایل به قرمز',
    brown: 'قهوه‌ای',
    orange: 'نارنجی',
    'orange yellow': 'زرد مایل به نارنجی',
    'brown yellow': 'زرد مایل به قهوه‌ای',
    yellow: 'زرد',
    'yellow green': 'سبز مایل به زرد',
    'green cyan': 'فیروزه‌ای مایل به سبز',
    cyan: 'فیروزه‌ای',
    'cyan blue': 'آبی مایل به فیروزه‌ای',
    'blue purple': 'بنفش مایل به آبی',
    purple: 'بنفش',
    'purple magenta': 'سرخابی مایل به بنفش',
    magenta: 'سرخابی',
    'magenta pink': 'صورتی مایل به سرخابی',
  },
  '@react-stately/datepicker': {
    rangeUnderflow: message((e: { minValue: string }) => `مقدار باید ${e.minValue} یا پس از آن باشد.`),
    rangeOverflow: message((e: { maxValue: string }) => `مقدار باید ${e.maxValue} یا پیش از آن باشد.`),
    rangeReversed: 'تاریخ شروع باید پیش از تاریخ پایان باشد.',
    unavailableDate: 'تاریخ انتخاب‌شده در دسترس نیست.',
  },
  'react-aria-components': {
    selectPlaceholder: 'یک مورد انتخاب کنید',
    tableResizer: 'تغییر اندازه',
    dropzoneLabel: 'ناحیهٔ رها کردن',
    colorSwatchPicker: 'نمونه‌های رنگ',
  },
};

export default strings;
