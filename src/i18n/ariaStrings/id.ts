import type { LocalizedString } from '@internationalized/string';
import { message } from './message';

/**
 * React Aria's built-in strings in Indonesian (react-aria-components 1.22.1 has none): its screen-reader
 * labels and announcements, translated from its en-US module with the same packages, keys and variables.
 * Indonesian has one plural category (`other`). Date field names are CLDR's, which browsers with
 * `Intl.DisplayNames` say instead ("era" and "AM/PM" are Indonesian too).
 */
const strings: Record<string, Record<string, LocalizedString>> = {
  '@react-aria/autocomplete': {
    collectionLabel: 'Saran',
  },
  '@react-aria/breadcrumbs': {
    breadcrumbs: 'Jejak navigasi',
  },
  '@react-aria/calendar': {
    previous: 'Sebelumnya',
    next: 'Berikutnya',
    selectedDateDescription: message((e: { date: string }) => `Tanggal yang dipilih: ${e.date}`),
    selectedRangeDescription: message((e: { dateRange: string }) => `Rentang yang dipilih: ${e.dateRange}`),
    todayDate: message((e: { date: string }) => `Hari ini, ${e.date}`),
    todayDateSelected: message((e: { date: string }) => `Hari ini, ${e.date} dipilih`),
    dateSelected: message((e: { date: string }) => `${e.date} dipilih`),
    startRangeSelectionPrompt: 'Klik untuk mulai memilih rentang tanggal',
    finishRangeSelectionPrompt: 'Klik untuk selesai memilih rentang tanggal',
    minimumDate: 'Tanggal pertama yang tersedia',
    maximumDate: 'Tanggal terakhir yang tersedia',
    dateRange: message((e: { startDate: string; endDate: string }) => `${e.startDate} sampai ${e.endDate}`),
  },
  '@react-aria/color': {
    colorPicker: 'Pemilih warna',
    twoDimensionalSlider: 'Penggeser 2D',
    colorNameAndValue: message((e: { name: string; value: string }) => `${e.name}: ${e.value}`),
    colorInputLabel: message((e: { label: string; channelLabel: string }) => `${e.label}, ${e.channelLabel}`),
    colorSwatch: 'contoh warna',
    transparent: 'transparan',
  },
  '@react-aria/combobox': {
    focusAnnouncement: message(
      (e: { isGroupChange: boolean; groupTitle: string; groupCount: number; optionText: string; isSelected: boolean }, t) =>
        `${t.select(
          {
            true: () => `Masuk ke grup ${e.groupTitle}, dengan ${t.plural(e.groupCount, { other: () => `${t.number(e.groupCount)} opsi` })}. `,
            other: '',
          },
          e.isGroupChange,
        )}${e.optionText}${t.select({ true: ', dipilih', other: '' }, e.isSelected)}`,
    ),
    countAnnouncement: message(
      (e: { optionCount: number }, t) => `${t.plural(e.optionCount, { other: () => `${t.number(e.optionCount)} opsi` })} tersedia.`,
    ),
    selectedAnnouncement: message((e: { optionText: string }) => `${e.optionText}, dipilih`),
    buttonLabel: 'Tampilkan saran',
    listboxLabel: 'Saran',
  },
  '@react-aria/datepicker': {
    era: 'era',
    year: 'tahun',
    month: 'bulan',
    day: 'hari',
    hour: 'jam',
    minute: 'menit',
    second: 'detik',
    dayPeriod: 'AM/PM',
    calendar: 'Kalender',
    startDate: 'Tanggal Mulai',
    endDate: 'Tanggal Selesai',
    weekday: 'hari dalam seminggu',
    timeZoneName: 'zona waktu',
    selectedDateDescription: message((e: { date: string }) => `Tanggal yang dipilih: ${e.date}`),
    selectedRangeDescription: message((e: { startDate: string; endDate: string }) => `Rentang yang dipilih: ${e.startDate} sampai ${e.endDate}`),
    selectedTimeDescription: message((e: { time: string }) => `Waktu yang dipilih: ${e.time}`),
  },
  '@react-aria/dnd': {
    dragItem: message((e: { itemText: string }) => `Seret ${e.itemText}`),
    dragSelectedItems: message(
      (e: { count: number }, t) => `Seret ${t.plural(e.count, { other: () => `${t.number(e.count)} item yang dipilih` })}`,
    ),
    dragDescriptionKeyboard: 'Tekan Enter untuk mulai menyeret.',
    dragDescriptionKeyboardAlt: 'Tekan Alt + Enter untuk mulai menyeret.',
    dragDescriptionTouch: 'Ketuk dua kali untuk mulai menyeret.',
    dragDescriptionVirtual: 'Klik untuk mulai menyeret.',
    dragDescriptionLongPress: 'Tekan lama untuk mulai menyeret.',
    dragSelectedKeyboard: message(
      (e: { count: number }, t) => `Tekan Enter untuk menyeret ${t.plural(e.count, { other: () => `${t.number(e.count)} item yang dipilih` })}.`,
    ),
    dragSelectedKeyboardAlt: message(
      (e: { count: number }, t) =>
        `Tekan Alt + Enter untuk menyeret ${t.plural(e.count, { other: () => `${t.number(e.count)} item yang dipilih` })}.`,
    ),
    dragSelectedLongPress: message(
      (e: { count: number }, t) => `Tekan lama untuk menyeret ${t.plural(e.count, { other: () => `${t.number(e.count)} item yang dipilih` })}.`,
    ),
    dragStartedKeyboard:
      'Penyeretan dimulai. Tekan Tab untuk berpindah ke target pelepasan, lalu tekan Enter untuk melepas, atau tekan Escape untuk membatalkan.',
    dragStartedTouch: 'Penyeretan dimulai. Pindah ke target pelepasan, lalu ketuk dua kali untuk melepas.',
    dragStartedVirtual: 'Penyeretan dimulai. Pindah ke target pelepasan, lalu klik atau tekan Enter untuk melepas.',
    endDragKeyboard: 'Sedang menyeret. Tekan Enter untuk membatalkan penyeretan.',
    endDragTouch: 'Sedang menyeret. Ketuk dua kali untuk membatalkan penyeretan.',
    endDragVirtual: 'Sedang menyeret. Klik untuk membatalkan penyeretan.',
    dropDescriptionKeyboard: 'Tekan Enter untuk melepas. Tekan Escape untuk membatalkan penyeretan.',
    dropDescriptionTouch: 'Ketuk dua kali untuk melepas.',
    dropDescriptionVirtual: 'Klik untuk melepas.',
    dropCanceled: 'Pelepasan dibatalkan.',
    dropComplete: 'Pelepasan selesai.',
    dropIndicator: 'indikator pelepasan',
    dropOnRoot: 'Lepas di',
    dropOnItem: message((e: { itemText: string }) => `Lepas di ${e.itemText}`),
    insertBefore: message((e: { itemText: string }) => `Sisipkan sebelum ${e.itemText}`),
    insertBetween: message((e: { beforeItemText: string; afterItemText: string }) => `Sisipkan di antara ${e.beforeItemText} dan ${e.afterItemText}`),
    insertAfter: message((e: { itemText: string }) => `Sisipkan setelah ${e.itemText}`),
  },
  '@react-aria/grid': {
    deselectedItem: message((e: { item: string }) => `${e.item} tidak dipilih.`),
    select: 'Pilih',
    selectedCount: message(
      (e: { count: number }, t) =>
        `${t.plural(e.count, {
          '=0': 'Tidak ada item yang dipilih',
          other: () => `${t.number(e.count)} item dipilih`,
        })}.`,
    ),
    selectedAll: 'Semua item dipilih.',
    selectedItem: message((e: { item: string }) => `${e.item} dipilih.`),
    longPressToSelect: 'Tekan lama untuk masuk ke mode pilihan.',
  },
  '@react-aria/gridlist': {
    hasActionAnnouncement: 'baris memiliki tindakan',
    hasLinkAnnouncement: message((e: { link: string }) => `baris memiliki tautan: ${e.link}`),
  },
  '@react-aria/menu': {
    longPressMessage: 'Tekan lama atau tekan Alt + Panah Bawah untuk membuka menu',
  },
  '@react-aria/numberfield': {
    decrease: message((e: { fieldLabel: string }) => `Kurangi ${e.fieldLabel}`),
    increase: message((e: { fieldLabel: string }) => `Tambah ${e.fieldLabel}`),
    numberField: 'Kolom angka',
  },
  '@react-aria/overlays': {
    dismiss: 'Tutup',
  },
  '@react-aria/previewtrigger': {
    longPressMessage: 'Tekan lama untuk membuka pratinjau',
  },
  '@react-aria/searchfield': {
    'Clear search': 'Hapus pencarian',
  },
  '@react-aria/spinbutton': {
    Empty: 'Kosong',
  },
  '@react-aria/steplist': {
    steplist: 'Daftar Langkah',
  },
  '@react-aria/table': {
    select: 'Pilih',
    selectAll: 'Pilih Semua',
    sortable: 'kolom yang dapat diurutkan',
    ascending: 'naik',
    descending: 'turun',
    ascendingSort: message((e: { columnName: string }) => `diurutkan menurut kolom ${e.columnName} dalam urutan naik`),
    descendingSort: message((e: { columnName: string }) => `diurutkan menurut kolom ${e.columnName} dalam urutan turun`),
    columnSize: message((e: { value: number }, t) => `${t.number(e.value)} piksel`),
    resizerDescription: 'Tekan Enter untuk mulai mengubah ukuran',
    expand: 'Perluas',
    collapse: 'Ciutkan',
  },
  '@react-aria/tag': {
    removeDescription: 'Tekan Delete untuk menghapus tag.',
    removeButtonLabel: 'Hapus',
  },
  '@react-aria/toast': {
    close: 'Tutup',
    notifications: message((e: { count: number }, t) => `${t.plural(e.count, { other: () => `${t.number(e.count)} notifikasi` })}.`),
  },
  '@react-aria/tree': {
    expand: 'Perluas',
    collapse: 'Ciutkan',
  },
  '@react-stately/color': {
    hue: 'Rona',
    saturation: 'Saturasi',
    lightness: 'Tingkat terang',
    brightness: 'Kecerahan',
    red: 'Merah',
    green: 'Hijau',
    blue: 'Biru',
    alpha: 'Alfa',
    // Indonesian puts adjectives after the noun: "biru cerah gelap" for "dark vibrant blue".
    colorName: message((e: { lightness: string; chroma: string; hue: string }) => `${e.hue} ${e.chroma} ${e.lightness}`),
    transparentColorName: message(
      (e: { lightness: string; chroma: string; hue: string; percentTransparent: string }) =>
        `${e.hue} ${e.chroma} ${e.lightness}, transparan ${e.percentTransparent}`,
    ),
    'very dark': 'sangat gelap',
    dark: 'gelap',
    light: 'terang',
    'very light': 'sangat terang',
    pale: 'pucat',
    grayish: 'keabu-abuan',
    vibrant: 'cerah',
    black: 'hitam',
    white: 'putih',
    gray: 'abu-abu',
    pink: 'merah muda',
    // "pink red" is a red toward pink, and so on: the second hue is the colour, the first its tint.
    'pink red': 'merah kemerahmudaan',
    'red orange': 'oranye kemerahan',
    brown: 'cokelat',
    orange: 'oranye',
    'orange yellow': 'kuning kejinggaan',
    'brown yellow': 'kuning kecokelatan',
    yellow: 'kuning',
    'yellow green': 'hijau kekuningan',
    'green cyan': 'sian kehijauan',
    cyan: 'sian',
    'cyan blue': 'biru kehijauan',
    'blue purple': 'ungu kebiruan',
    purple: 'ungu',
    'purple magenta': 'magenta keunguan',
    magenta: 'magenta',
    'magenta pink': 'merah muda keunguan',
  },
  '@react-stately/datepicker': {
    rangeUnderflow: message((e: { minValue: string }) => `Nilai harus ${e.minValue} atau setelahnya.`),
    rangeOverflow: message((e: { maxValue: string }) => `Nilai harus ${e.maxValue} atau sebelumnya.`),
    rangeReversed: 'Tanggal mulai harus sebelum tanggal selesai.',
    unavailableDate: 'Tanggal yang dipilih tidak tersedia.',
  },
  'react-aria-components': {
    selectPlaceholder: 'Pilih item',
    tableResizer: 'Pengubah ukuran',
    dropzoneLabel: 'Zona lepas',
    colorSwatchPicker: 'Contoh warna',
  },
};

export default strings;
