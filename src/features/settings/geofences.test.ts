import { describe, expect, it } from 'vitest';
import { AREA_PROBLEMS } from '../../../contract/wkt';
import { DEFAULT_UNITS } from '../../domain/units';
import { restrictionsOf } from '../../domain/restrictions';
import { areaKind, areaProblem, areaReason, geofenceEditor } from './geofences';
import { fieldProblem, formProblems, REQUIRED_MESSAGE, type FieldContext, type FieldDescriptor } from '../../shared/entity/model';

const context = (draft: Record<string, unknown>): FieldContext => ({
  user: null,
  server: null,
  restrictions: restrictionsOf({ id: 1, administrator: true, attributes: {} } as never, null),
  units: DEFAULT_UNITS,
  draft: { id: 0, ...draft },
  timeZone: 'UTC',
});

describe('a geofence area', () => {
  it.each([
    ['CIRCLE (24.7136 46.6753, 500)', 'circle'],
    [' POLYGON ((1 2, 3 4, 5 6))', 'polygon'],
    ['LINESTRING (1 2, 3 4)', 'linestring'],
    ['POINT (1 2)', null],
    [null, null],
  ])('%s is a %s', (area, kind) => {
    expect(areaKind(area)).toBe(kind);
  });

  it('takes a valid area and names what is wrong with another', () => {
    expect(areaProblem('CIRCLE (24.7136 46.6753, 500)')).toBeNull();
    expect(areaProblem('LINESTRING (24.7 46.6, 24.8 46.7)')).toBeNull();
    for (const bad of ['CIRCLE (24.7 46.6)', 'TRIANGLE (1 2, 3 4, 5 6)', 'CIRCLE (124.7 46.6, 50)', 'CIRCLE (24.7 46.6, 0)', 'POLYGON ((1 2, 3 4))']) {
      expect(areaProblem(bad), bad).not.toBeNull();
    }
    expect(areaProblem('CIRCLE (124.7 46.6, 50)')).not.toEqual(areaProblem('CIRCLE (24.7 46.6, 0)'));
  });

  it('has a message for every reason the parser gives', () => {
    for (const reason of AREA_PROBLEMS) expect(areaReason(Object.assign(new Error('x'), { reason }))).toBe(reason);
    expect(areaReason(new Error('no reason'))).toBe('syntax');
  });
});

describe('what blocks saving a form', () => {
  const name: FieldDescriptor = { kind: 'text', key: 'name', label: { id: 'Name' }, required: true };
  it('a required text left empty or blank', () => {
    expect(fieldProblem(name, { id: 0, name: '' }, context({}))).toBe(REQUIRED_MESSAGE);
    expect(fieldProblem(name, { id: 0, name: '  ' }, context({}))).toBe(REQUIRED_MESSAGE);
    expect(fieldProblem(name, { id: 0 }, context({}))).toBe(REQUIRED_MESSAGE);
    expect(fieldProblem(name, { id: 0, name: 'Home' }, context({}))).toBeNull();
  });

  it('not a field that is hidden or may not be changed', () => {
    expect(fieldProblem({ ...name, visible: () => false }, { id: 0, name: '' }, context({}))).toBeNull();
    expect(fieldProblem({ ...name, disabled: () => true }, { id: 0, name: '' }, context({}))).toBeNull();
  });

  it("a descriptor's own validate, of any kind, after required", () => {
    const opacity: FieldDescriptor = { kind: 'number', key: 'attributes.o', label: { id: 'O' }, validate: (v) => (typeof v === 'number' && v > 1 ? { id: 'too much' } : null) };
    expect(fieldProblem(opacity, { id: 0, attributes: { o: 2 } }, context({}))).toEqual({ id: 'too much' });
    expect(fieldProblem(opacity, { id: 0, attributes: { o: 0.5 } }, context({}))).toBeNull();
  });

  it("a new geofence: name and area, in the form's order; a bad area keeps its own message", () => {
    const empty = { id: 0, name: '', area: '', attributes: {} };
    expect([...formProblems(geofenceEditor.sections, empty, context(empty)).keys()]).toEqual(['name', 'area']);
    const bad = { ...empty, name: 'Yard', area: 'CIRCLE (24.7 46.6)' };
    const problems = formProblems(geofenceEditor.sections, bad, context(bad));
    expect([...problems.keys()]).toEqual(['area']);
    expect(problems.get('area')).not.toBe(REQUIRED_MESSAGE);
    const good = { ...bad, area: 'CIRCLE (24.7 46.6, 50)', attributes: { mapLineOpacity: 0.4 } };
    expect(formProblems(geofenceEditor.sections, good, context(good)).size).toBe(0);
  });
});
